package io.eventops.edge.web;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Registers the request metrics filter ahead of Spring Security's filter chain.
 */
@Configuration(proxyBeanMethods = false)
class WebConfiguration {

	// Spring Security's chain is registered at order -100; counting must wrap it
	private static final int BEFORE_SECURITY = -101;

	@Bean
	FilterRegistrationBean<RequestMetricsFilter> requestMetricsFilter(MeterRegistry registry) {
		FilterRegistrationBean<RequestMetricsFilter> registration = new FilterRegistrationBean<>(
				new RequestMetricsFilter(registry));
		registration.setOrder(BEFORE_SECURITY);
		return registration;
	}

}
