package io.eventops.edge.ratelimit;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Puts the per-kiosk rate limit in front of the kiosk API.
 */
@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration implements WebMvcConfigurer {

	private final RateLimitProperties properties;

	RateLimitConfiguration(RateLimitProperties properties) {
		this.properties = properties;
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		if (this.properties.enabled()) {
			registry
				.addInterceptor(new RateLimitInterceptor(
						new KioskRateLimiter(this.properties.requestsPerSecond(), this.properties.burst())))
				.addPathPatterns("/v1/kiosks/**");
		}
	}

}
