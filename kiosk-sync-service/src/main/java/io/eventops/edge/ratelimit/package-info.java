/**
 * Per-kiosk request rate limiting of the kiosk API (bucket4j, in memory: one edge replica
 * owns its kiosks' buckets).
 */
package io.eventops.edge.ratelimit;
