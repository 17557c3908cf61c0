package io.eventops.edge.web;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Registers the request metrics filter ahead of Spring Security's filter chain, and the
 * cap and read deadline of every request body.
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

	// the deadline runs from the request's arrival, so this filter comes first of all
	@Bean
	FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter(RequestLimitProperties properties) {
		FilterRegistrationBean<RequestBodyLimitFilter> registration = new FilterRegistrationBean<>(
				new RequestBodyLimitFilter(properties));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		return registration;
	}

}
