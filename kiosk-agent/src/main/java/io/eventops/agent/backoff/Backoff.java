package io.eventops.agent.backoff;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Computes retry delays: the n-th consecutive failure waits {@code initial · 2^n} capped
 * at {@code max}, minus up to {@code jitter} of it at random, and never less than a
 * server's {@code Retry-After}.
 */
public final class Backoff {

	private final BackoffPolicy policy;

	private final RandomGenerator random;

	/**
	 * A schedule.
	 * @param policy the settings
	 * @param random the jitter's source (seeded in tests)
	 */
	public Backoff(BackoffPolicy policy, RandomGenerator random) {
		this.policy = policy;
		this.random = random;
	}

	/**
	 * The nominal delay before retry number {@code failures} (0 for the first retry),
	 * without jitter.
	 * @param failures consecutive failures so far, minus one
	 * @return the delay
	 */
	public Duration nominal(int failures) {
		long initial = this.policy.initial().toMillis();
		long max = this.policy.max().toMillis();
		int shift = Math.min(Math.max(failures, 0), 30);
		long delay = (initial > (max >> shift)) ? max : Math.min(max, initial << shift);
		return Duration.ofMillis(delay);
	}

	/**
	 * The delay before the next attempt.
	 * @param failures consecutive failures so far, minus one
	 * @param retryAfter what the server asked for, or {@code null}
	 * @return the delay
	 */
	public Duration delay(int failures, Duration retryAfter) {
		long nominal = nominal(failures).toMillis();
		long jittered = nominal - (long) (nominal * this.policy.jitter() * this.random.nextDouble());
		Duration delay = Duration.ofMillis(jittered);
		if (retryAfter != null) {
			Duration asked = (retryAfter.compareTo(this.policy.maxRetryAfter()) > 0) ? this.policy.maxRetryAfter()
					: retryAfter;
			if (asked.compareTo(delay) > 0) {
				return asked;
			}
		}
		return delay;
	}

	/**
	 * The settings.
	 * @return the policy
	 */
	public BackoffPolicy policy() {
		return this.policy;
	}

}
