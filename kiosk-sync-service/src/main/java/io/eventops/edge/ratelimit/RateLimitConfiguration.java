package io.eventops.edge.ratelimit;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Puts the per-kiosk rate limit in front of the kiosk API.
 */
@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration implements WebMvcConfigurer {

	private final RateLimitProperties properties;

	private final StringRedisTemplate redis;

	private final String keyPrefix;

	private final MeterRegistry meters;

	RateLimitConfiguration(RateLimitProperties properties, StringRedisTemplate redis,
			@Value("${eventops.redis.key-prefix:}") String keyPrefix, MeterRegistry meters) {
		this.properties = properties;
		this.redis = redis;
		this.keyPrefix = keyPrefix;
		this.meters = meters;
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		if (this.properties.enabled()) {
			registry
				.addInterceptor(new RateLimitInterceptor(new KioskRateLimiter(this.redis,
						this.properties.requestsPerSecond(), this.properties.burst(), this.keyPrefix, this.meters)))
				.addPathPatterns("/v1/kiosks/**");
		}
	}

}
