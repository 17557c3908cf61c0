package io.eventops.drills.fleet;

import java.util.Map;

/**
 * The end of a simultaneous flush of the whole fleet.
 *
 * @param wallNanos from the common start until the last kiosk drained (or gave up)
 * @param drainNanos per kiosk, from the common start until it drained
 * @param undrained kiosks that did not drain within the time allowed
 */
public record FlushResult(long wallNanos, Map<String, Long> drainNanos, int undrained) {
}
