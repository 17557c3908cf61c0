package io.eventops.web.buckets;

import java.time.Duration;
import java.util.Optional;

import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestInfrastructure;
import io.github.bucket4j.BucketConfiguration;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The shared buckets against a real Redis: they survive their connection factory being
 * stopped and started again (a Spring context paused and resumed, as the test framework
 * does with cached contexts), instead of failing open for good on the closed connection
 * they had taken (seen in the edge's tests once a second context paused the first).
 */
class RedisBucketsTests {

	@Test
	void bucketsWorkAgainAfterTheirConnectionFactoryWasStoppedAndStarted() {
		RedisServerEndpoint server = TestInfrastructure.redis();
		assumeFalse(server.cluster(), "a standalone factory is enough for this");
		// client resources of their own, as Spring Boot gives the factory: stopping the
		// factory then closes its connection and leaves the event loops running
		ClientResources resources = DefaultClientResources.create();
		LettuceConnectionFactory connections = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(server.host(), server.port()),
				LettuceClientConfiguration.builder().clientResources(resources).build());
		connections.afterPropertiesSet();
		connections.start();
		RedisBuckets buckets = new RedisBuckets(connections, Duration.ofSeconds(2), Duration.ofMillis(100));
		String key = TestInfrastructure.freshRedisNamespace() + "bucket:{restart}";
		try {
			assertThat(take(buckets, key)).contains(true);

			connections.stop();
			connections.start();

			// at once: a failure would fail the buckets open for their backoff, in which
			// a kiosk over its rate is let through
			assertThat(take(buckets, key)).contains(true);
		}
		finally {
			connections.destroy();
			resources.shutdown();
		}
	}

	private static Optional<Boolean> take(RedisBuckets buckets, String key) {
		return buckets.apply(key,
				() -> BucketConfiguration.builder()
					.addLimit((limit) -> limit.capacity(1000).refillGreedy(1000, Duration.ofMinutes(1)))
					.build(),
				(bucket) -> bucket.tryConsume(1));
	}

}
