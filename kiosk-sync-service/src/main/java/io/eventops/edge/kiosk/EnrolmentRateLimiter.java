package io.eventops.edge.kiosk;

import java.time.Duration;
import java.util.Optional;

import io.eventops.edge.web.EdgeException;
import io.eventops.web.buckets.RedisBuckets;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * One token bucket per client address for {@code POST /v1/enrol}, in Redis (bucket4j on
 * Lettuce, as the kiosk rate limit), so that the limit holds across every edge replica.
 * When Redis cannot be reached the attempt is let through and counted in
 * {@code eventops_edge_enrolment_rate_limit_unavailable_total}, as the kiosk rate limit
 * does: a code has 50 random bits, so the outage does not make guessing one worthwhile,
 * while refusing enrolments would stop the morning's set-up.
 */
@Component
class EnrolmentRateLimiter implements HandlerInterceptor {

	private final RedisBuckets buckets;

	private final BucketConfiguration configuration;

	private final boolean enabled;

	private final String keyPrefix;

	private final Counter unavailable;

	EnrolmentRateLimiter(RedisBuckets buckets, EnrolmentProperties properties,
			@Value("${eventops.redis.key-prefix:}") String keyPrefix, MeterRegistry meters) {
		this.buckets = buckets;
		this.configuration = BucketConfiguration.builder()
			.addLimit((limit) -> limit.capacity(properties.burst())
				.refillGreedy(properties.perMinute(), Duration.ofMinutes(1)))
			.build();
		this.enabled = properties.rateLimited();
		this.keyPrefix = keyPrefix;
		this.unavailable = Counter.builder("eventops.edge.enrolment.rate.limit.unavailable")
			.description("Enrolment attempts let through unlimited because Redis could not be reached")
			.register(meters);
	}

	// every attempt counts, a malformed one too, before its body is read; the address
	// is the balancer's forwarded one where server.forward-headers-strategy trusts it
	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		acquire(request.getRemoteAddr());
		return true;
	}

	/**
	 * Takes one attempt from an address's budget.
	 * @param address the client address
	 * @throws EdgeException a 429 with {@code Retry-After} when the address is over it
	 */
	void acquire(String address) {
		if (!this.enabled) {
			return;
		}
		// the address in a hash tag, as every per-address key (ARCHITECTURE: Redis
		// Cluster)
		Optional<ConsumptionProbe> probe = this.buckets.apply(this.keyPrefix + "edge:enrol:{" + address + "}",
				() -> this.configuration, (bucket) -> bucket.tryConsumeAndReturnRemaining(1));
		if (probe.isEmpty()) {
			this.unavailable.increment();
			return;
		}
		if (!probe.get().isConsumed()) {
			throw EdgeException.enrolmentRateLimited(Duration.ofNanos(probe.get().getNanosToWaitForRefill()));
		}
	}

}
