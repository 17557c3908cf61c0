package io.eventops.edge.ratelimit;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;

/**
 * One token bucket per kiosk, in memory: right for a single edge replica (several
 * replicas would each grant the full rate, and would need bucket4j's distributed
 * buckets). Kiosks are provisioned, so the map is bounded by the fleet.
 */
final class KioskRateLimiter {

	private final int requestsPerSecond;

	private final int burst;

	private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

	KioskRateLimiter(int requestsPerSecond, int burst) {
		this.requestsPerSecond = requestsPerSecond;
		this.burst = burst;
	}

	/**
	 * Takes one request from a kiosk's budget.
	 * @param kioskId the kiosk
	 * @return empty when allowed, else how long to wait
	 */
	Optional<Duration> acquire(String kioskId) {
		Bucket bucket = this.buckets.computeIfAbsent(kioskId, (id) -> Bucket.builder()
			.addLimit((limit) -> limit.capacity(this.burst).refillGreedy(this.requestsPerSecond, Duration.ofSeconds(1)))
			.build());
		ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
		return probe.isConsumed() ? Optional.empty() : Optional.of(Duration.ofNanos(probe.getNanosToWaitForRefill()));
	}

}
