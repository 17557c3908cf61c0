/**
 * Token buckets kept in Redis (bucket4j's Lettuce integration), so that every replica of
 * a service spends from the same budget; used by the login throttle and the edge's
 * per-kiosk rate limit.
 */
package io.eventops.web.buckets;
