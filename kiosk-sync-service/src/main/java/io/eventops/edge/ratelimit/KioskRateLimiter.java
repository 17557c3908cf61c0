package io.eventops.edge.ratelimit;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * One token bucket per kiosk, kept in Redis so that the burst and the rate hold for a
 * kiosk across every edge replica (several replicas with buckets in memory would each
 * grant the full rate). One script per request, so one round trip (issue #39; the
 * compare-and-swap bucket before took two), timed by Redis's clock, the same for every
 * replica. When Redis cannot be reached the limiter lets requests through and counts them
 * in {@code eventops_edge_rate_limit_unavailable_total}: refusing kiosks because Redis is
 * down would turn a cache outage into a check-in outage; after such a failure it does not
 * ask Redis again for a few seconds, so that an outage costs a request at most one
 * timeout per backoff, not one per request.
 */
final class KioskRateLimiter {

	private static final Logger logger = LoggerFactory.getLogger(KioskRateLimiter.class);

	private static final long BACKOFF_NANOS = Duration.ofSeconds(5).toNanos();

	// A hash of tokens (as a fraction) and the time they were counted, in microseconds
	// of
	// Redis's clock; refilled greedily (rate per second, continuously) up to the burst.
	// Answers 0 when a token was taken, else the microseconds until one is there. The
	// key
	// expires once the bucket would be full again (plus 10 s): an idle kiosk leaves
	// nothing behind.
	private static final RedisScript<Long> TAKE = RedisScript.of("""
			local burst = tonumber(ARGV[1])
			local rate = tonumber(ARGV[2])
			local now = redis.call('TIME')
			now = tonumber(now[1]) * 1000000 + tonumber(now[2])
			local state = redis.call('HMGET', KEYS[1], 't', 'at')
			local tokens = tonumber(state[1])
			local at = tonumber(state[2])
			if tokens == nil or at == nil then
			  tokens = burst
			elseif now > at then
			  tokens = math.min(burst, tokens + (now - at) * rate / 1000000)
			end
			local wait = 0
			if tokens >= 1 then
			  tokens = tokens - 1
			else
			  wait = math.ceil((1 - tokens) * 1000000 / rate)
			end
			redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', tostring(now))
			redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 10000)
			return wait""", Long.class);

	private final StringRedisTemplate redis;

	private final List<String> args;

	private final String keyPrefix;

	private final Counter unavailable;

	// nanoTime until which Redis is not asked (compared by difference: nanoTime may wrap)
	private final AtomicLong unavailableUntil = new AtomicLong(System.nanoTime());

	KioskRateLimiter(StringRedisTemplate redis, int requestsPerSecond, int burst, String keyPrefix,
			MeterRegistry meters) {
		this.redis = redis;
		this.args = List.of(Integer.toString(burst), Integer.toString(requestsPerSecond));
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
		if (System.nanoTime() - this.unavailableUntil.get() < 0) {
			this.unavailable.increment();
			return Optional.empty();
		}
		Long wait;
		try {
			// the kiosk id in a hash tag, as every per-kiosk key (ARCHITECTURE: Redis
			// Cluster); a key name of its own, not the compare-and-swap bucket's
			// edge:rate:{kioskId}, so that old and new replicas of a rolling deploy
			// never read each other's format
			wait = this.redis.execute(TAKE, List.of(this.keyPrefix + "edge:kiosk-rate:{" + kioskId + "}"),
					this.args.toArray());
		}
		catch (RuntimeException ex) {
			this.unavailableUntil.set(System.nanoTime() + BACKOFF_NANOS);
			logger.warn("Kiosk rate limit unavailable ({}); kiosk requests are let through for {} ms", ex.toString(),
					BACKOFF_NANOS / 1_000_000);
			this.unavailable.increment();
			return Optional.empty();
		}
		return (wait == null || wait <= 0) ? Optional.empty() : Optional.of(Duration.ofNanos(wait * 1000));
	}

}
