package io.eventops.agent.backoff;

import java.time.Duration;

/**
 * The retry schedule's settings.
 *
 * @param initial the first delay (2 s by default)
 * @param max the cap of a computed delay (60 s by default)
 * @param jitter the random share taken off a delay, 0 to 1 (0.2 by default), so that a
 * fleet that lost the network together does not come back in lockstep
 * @param maxRetryAfter the longest server-requested wait that is honoured as given
 */
public record BackoffPolicy(Duration initial, Duration max, double jitter, Duration maxRetryAfter) {

	public BackoffPolicy {
		if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
			throw new IllegalArgumentException("backoff needs 0 < initial <= max");
		}
		if (jitter < 0 || jitter > 1) {
			throw new IllegalArgumentException("jitter must be within 0..1");
		}
	}

	/**
	 * Start 2 s, doubling, cap 60 s, 20 % jitter, {@code Retry-After} honoured up to 10
	 * minutes.
	 * @return the defaults
	 */
	public static BackoffPolicy defaults() {
		return new BackoffPolicy(Duration.ofSeconds(2), Duration.ofSeconds(60), 0.2, Duration.ofMinutes(10));
	}

}
