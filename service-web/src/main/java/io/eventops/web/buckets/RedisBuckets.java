package io.eventops.web.buckets;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.api.async.BaseRedisAsyncCommands;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Token buckets shared by every replica through Redis, on the Lettuce connection Spring
 * already manages (standalone or Redis Cluster).
 * <p>
 * Callers fail open: {@link #apply} answers empty when Redis cannot be reached, and after
 * such a failure it does not try Redis again for {@code backoff}, so that a Redis outage
 * costs a request at most one short timeout in each backoff period, not one per request.
 */
public class RedisBuckets {

	private static final Logger logger = LoggerFactory.getLogger(RedisBuckets.class);

	private final RedisConnectionFactory connections;

	private final Duration timeout;

	private final long backoffNanos;

	// nanoTime until which Redis is not asked (compared by difference: nanoTime may wrap)
	private final AtomicLong unavailableUntil = new AtomicLong(System.nanoTime());

	private volatile ProxyManager<byte[]> buckets;

	private volatile BaseRedisAsyncCommands<?, ?> commands;

	/**
	 * Creates the buckets.
	 * @param connections Spring's Redis connection factory
	 * @param timeout how long one bucket operation may wait for Redis
	 * @param backoff how long Redis is not asked again after it failed
	 */
	public RedisBuckets(RedisConnectionFactory connections, Duration timeout, Duration backoff) {
		this.connections = connections;
		this.timeout = timeout;
		this.backoffNanos = backoff.toNanos();
	}

	/**
	 * Runs an operation on the bucket under a key.
	 * @param <T> what the operation answers
	 * @param key the Redis key (with its hash tag)
	 * @param configuration the bucket's limits, used when the bucket does not exist yet
	 * @param operation what to do with the bucket
	 * @return the operation's answer, or empty when Redis could not be reached
	 */
	public <T> Optional<T> apply(String key, Supplier<BucketConfiguration> configuration,
			Function<BucketProxy, T> operation) {
		if (System.nanoTime() - this.unavailableUntil.get() < 0) {
			return Optional.empty();
		}
		try {
			BucketProxy bucket = buckets().builder().build(key.getBytes(StandardCharsets.UTF_8), configuration);
			return Optional.ofNullable(operation.apply(bucket));
		}
		catch (RuntimeException ex) {
			// the native connection is taken again after the backoff: the factory may
			// have
			// replaced its shared connection (a stopped and restarted context closes it,
			// as Spring's test contexts do when they pause), and one kept here would stay
			// closed for good and fail every bucket open
			this.buckets = null;
			this.unavailableUntil.set(System.nanoTime() + this.backoffNanos);
			logger.warn("Redis buckets unavailable ({}); callers fail open for {} ms", ex.toString(),
					this.backoffNanos / 1_000_000);
			return Optional.empty();
		}
	}

	@SuppressWarnings("unchecked")
	private ProxyManager<byte[]> buckets() {
		ProxyManager<byte[]> current = this.buckets;
		if (current != null && this.commands.isOpen()) {
			return current;
		}
		synchronized (this) {
			if (this.buckets == null || !this.commands.isOpen()) {
				// Spring's shared native connection: closing the wrapper leaves it open,
				// and
				// Lettuce reconnects it by itself after a Redis restart
				RedisConnection connection = this.connections.getConnection();
				Object nativeConnection = connection.getNativeConnection();
				connection.close();
				// a bucket's key expires once it would have refilled completely: an idle
				// kiosk or address leaves nothing behind in Redis
				ExpirationAfterWriteStrategy expiry = ExpirationAfterWriteStrategy
					.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10));
				// kept to see it closed: the factory replaces its shared connection when
				// it is
				// stopped and started again (a context restarted, as Spring's test
				// contexts
				// are when they pause), and buckets on the closed one would fail open for
				// good
				this.commands = (BaseRedisAsyncCommands<?, ?>) nativeConnection;
				if (nativeConnection instanceof RedisAdvancedClusterAsyncCommands<?, ?> cluster) {
					this.buckets = Bucket4jLettuce
						.casBasedBuilder((RedisAdvancedClusterAsyncCommands<byte[], byte[]>) cluster)
						.expirationAfterWrite(expiry)
						.requestTimeout(this.timeout)
						.build();
				}
				else {
					this.buckets = Bucket4jLettuce
						.casBasedBuilder((RedisAsyncCommands<byte[], byte[]>) nativeConnection)
						.expirationAfterWrite(expiry)
						.requestTimeout(this.timeout)
						.build();
				}
			}
			return this.buckets;
		}
	}

}
