/**
 * Per-kiosk request rate limiting of the kiosk API: bucket4j buckets in Redis, shared by
 * every edge replica, failing open when Redis is unreachable.
 */
package io.eventops.edge.ratelimit;
