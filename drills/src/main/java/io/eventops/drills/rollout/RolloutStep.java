package io.eventops.drills.rollout;

import java.util.Map;

/**
 * One row of the rollout's table: a replica restarted (out of rotation, SIGTERM, drain, a
 * new JVM, ready again) or killed with {@code kill -9} and started again, or the steady
 * windows before the first restart (the herd, then live check-ins alone); with what the
 * kiosks and the printers saw while it ran.
 *
 * @param service the module, or {@code -} for the herd and the steady window
 * @param replica the replica
 * @param action {@code restart}, {@code kill -9}, {@code herd} or {@code steady}
 * @param atSeconds when it began, from the start of the live check-ins
 * @param seconds from its beginning until the new JVM was in rotation again
 * @param drainSeconds from SIGTERM until the JVM exited (0 for a kill)
 * @param forced whether the drain outlasted the grace period and the JVM was killed
 * @param cutShort for a kill: flush requests in flight (edge, reconciler) or labels
 * unconfirmed (orchestrator) when it died
 * @param flushes flush requests sent in the window
 * @param p50Millis their median latency
 * @param p99Millis their 99th percentile latency
 * @param notOk flush answers other than 200 in the window (503s included), and connection
 * failures
 * @param unservedSeconds the longest time a printer printed nothing while jobs waited,
 * overlapping the window
 * @param ok whether it went as planned
 * @param detail what happened, in words
 */
public record RolloutStep(String service, String replica, String action, double atSeconds, double seconds,
		double drainSeconds, boolean forced, int cutShort, int flushes, double p50Millis, double p99Millis,
		Map<Integer, Integer> notOk, double unservedSeconds, boolean ok, String detail) {
}
