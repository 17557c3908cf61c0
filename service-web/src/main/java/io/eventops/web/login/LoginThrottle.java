package io.eventops.web.login;

import java.time.Duration;
import java.util.Optional;

import io.eventops.web.buckets.RedisBuckets;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts failed logins per client address in a token bucket kept in Redis, so that every
 * replica of a service refuses the same address after the same number of failures. Every
 * login attempt spends from the bucket before its password is checked, and a login that
 * succeeded gives its attempt back.
 * <p>
 * The throttle fails open: when Redis cannot be reached a login is checked without it and
 * {@code eventops_security_login_throttle_unavailable_total} rises, because locking ops
 * out of the admin API in an incident is worse than a few more guesses.
 */
public class LoginThrottle {

	private final RedisBuckets buckets;

	private final LoginThrottleProperties properties;

	private final String keyPrefix;

	private final Counter refused;

	private final Counter unavailable;

	/**
	 * Creates the throttle.
	 * @param buckets the Redis-backed buckets
	 * @param properties the limits
	 * @param keyPrefix {@code eventops.redis.key-prefix}
	 * @param meters where the refusal and fail-open counters go
	 */
	public LoginThrottle(RedisBuckets buckets, LoginThrottleProperties properties, String keyPrefix,
			MeterRegistry meters) {
		this.buckets = buckets;
		this.properties = properties;
		this.keyPrefix = keyPrefix;
		this.refused = Counter.builder("eventops.security.login.throttled")
			.description("HTTP Basic logins refused because their address failed too often")
			.register(meters);
		this.unavailable = Counter.builder("eventops.security.login.throttle.unavailable")
			.description("Logins checked without the throttle because Redis could not be reached")
			.register(meters);
	}

	/**
	 * Spends one attempt of an address's allowance, before its password is checked: so
	 * that parallel guesses cannot all pass a check made before any of them failed.
	 * @param address the client address
	 * @return how long it must wait when its allowance is spent (nothing was taken then),
	 * or empty when it may try now
	 */
	public Optional<Duration> spendAttempt(String address) {
		if (!this.properties.enabled()) {
			return Optional.empty();
		}
		Optional<ConsumptionProbe> probe = this.buckets.apply(key(address), this::configuration,
				(bucket) -> bucket.tryConsumeAndReturnRemaining(1));
		if (probe.isEmpty()) {
			this.unavailable.increment();
			return Optional.empty();
		}
		if (probe.get().isConsumed()) {
			return Optional.empty();
		}
		this.refused.increment();
		return Optional.of(Duration.ofNanos(probe.get().getNanosToWaitForRefill()));
	}

	/**
	 * Gives back the attempt of a login that succeeded: only failures count. The bucket
	 * never holds more than its capacity, so a refund can never raise an address's
	 * allowance beyond {@code max-failures}.
	 * @param address the client address
	 */
	public void succeeded(String address) {
		if (this.properties.enabled() && this.buckets.apply(key(address), this::configuration, (bucket) -> {
			bucket.addTokens(1);
			return Boolean.TRUE;
		}).isEmpty()) {
			this.unavailable.increment();
		}
	}

	private BucketConfiguration configuration() {
		return BucketConfiguration.builder()
			.addLimit((limit) -> limit.capacity(this.properties.maxFailures())
				.refillGreedy(this.properties.maxFailures(), this.properties.window()))
			.build();
	}

	// the address in a hash tag, so that a Redis Cluster keeps one address's bucket in
	// one
	// slot (ARCHITECTURE: names that ops rely on)
	private String key(String address) {
		return this.keyPrefix + "login:fail:{" + address + "}";
	}

}
