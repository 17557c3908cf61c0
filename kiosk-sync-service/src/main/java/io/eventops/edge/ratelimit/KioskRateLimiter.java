package io.eventops.edge.ratelimit;

import java.time.Duration;
import java.util.Optional;

import io.eventops.web.buckets.RedisBuckets;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * One token bucket per kiosk, kept in Redis so that the burst and the rate hold for a
 * kiosk across every edge replica (several replicas with buckets in memory would each
 * grant the full rate). When Redis cannot be reached the limiter lets requests through
 * and counts them in {@code eventops_edge_rate_limit_unavailable_total}: refusing kiosks
 * because Redis is down would turn a cache outage into a check-in outage.
 */
final class KioskRateLimiter {

	private final RedisBuckets buckets;

	private final BucketConfiguration configuration;

	private final String keyPrefix;

	private final Counter unavailable;

	KioskRateLimiter(RedisBuckets buckets, int requestsPerSecond, int burst, String keyPrefix, MeterRegistry meters) {
		this.buckets = buckets;
		this.configuration = BucketConfiguration.builder()
			.addLimit((limit) -> limit.capacity(burst).refillGreedy(requestsPerSecond, Duration.ofSeconds(1)))
			.build();
		this.keyPrefix = keyPrefix;
		this.unavailable = Counter.builder("eventops.edge.rate.limit.unavailable")
			.description("Kiosk requests let through unlimited because Redis could not be reached")
			.register(meters);
	}

	/**
	 * Takes one request from a kiosk's budget.
	 * @param kioskId the kiosk
	 * @return empty when allowed, else how long to wait
	 */
	Optional<Duration> acquire(String kioskId) {
		// the kiosk id in a hash tag, as every per-kiosk key (ARCHITECTURE: Redis
		// Cluster)
		Optional<ConsumptionProbe> probe = this.buckets.apply(this.keyPrefix + "edge:rate:{" + kioskId + "}",
				() -> this.configuration, (bucket) -> bucket.tryConsumeAndReturnRemaining(1));
		if (probe.isEmpty()) {
			this.unavailable.increment();
			return Optional.empty();
		}
		return probe.get().isConsumed() ? Optional.empty()
				: Optional.of(Duration.ofNanos(probe.get().getNanosToWaitForRefill()));
	}

}
