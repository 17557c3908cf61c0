package io.eventops.drills.fleet;

/**
 * One flush request as the kiosk side saw it.
 *
 * @param startNanos when it was sent ({@link System#nanoTime()})
 * @param nanos how long until the answer (or the failure)
 * @param status the HTTP status, 0 for a connection failure
 * @param injected the fault the drill injected into it, or {@code null}
 * @param retryAfter whether the answer carried {@code Retry-After}
 */
public record BatchTiming(long startNanos, long nanos, int status, String injected, boolean retryAfter) {

	/**
	 * The latency in milliseconds.
	 * @return milliseconds
	 */
	public double millis() {
		return this.nanos / 1_000_000.0;
	}

}
