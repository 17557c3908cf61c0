package io.eventops.edge.kiosk;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The fleet's rules in front of the handlers (issue #37): the enrolment rate limit per
 * client address, and the kiosk profiles.
 */
@Configuration(proxyBeanMethods = false)
class FleetWebConfiguration implements WebMvcConfigurer {

	private final EnrolmentRateLimiter enrolmentLimit;

	FleetWebConfiguration(EnrolmentRateLimiter enrolmentLimit) {
		this.enrolmentLimit = enrolmentLimit;
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(this.enrolmentLimit).addPathPatterns("/v1/enrol");
		registry.addInterceptor(new KioskProfiles()).addPathPatterns("/v1/kiosks/**");
	}

}
