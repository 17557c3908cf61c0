package io.eventops.web.login;

import java.time.Duration;

import io.eventops.web.buckets.RedisBuckets;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Provides the Redis-backed {@link RedisBuckets} and the {@link LoginThrottle} that every
 * service's security configuration puts in front of HTTP Basic authentication.
 */
@AutoConfiguration
@ConditionalOnClass({ RedisConnectionFactory.class, Bucket4jLettuce.class })
@EnableConfigurationProperties(LoginThrottleProperties.class)
public class LoginThrottleAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RedisBuckets redisBuckets(RedisConnectionFactory connections, LoginThrottleProperties properties) {
		return new RedisBuckets(connections, properties.redisTimeout(), Duration.ofSeconds(5));
	}

	@Bean
	@ConditionalOnMissingBean
	LoginThrottle loginThrottle(RedisConnectionFactory connections, LoginThrottleProperties properties,
			@Value("${eventops.redis.key-prefix:}") String keyPrefix, MeterRegistry meters) {
		return new LoginThrottle(connections, properties, keyPrefix, meters);
	}

}
