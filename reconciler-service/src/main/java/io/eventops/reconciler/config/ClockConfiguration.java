package io.eventops.reconciler.config;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The reconciler's time as a bean, so that what decides by the clock (express codes'
 * expiry and claim leases) takes it injected and is tested with a fixed one.
 */
@Configuration(proxyBeanMethods = false)
class ClockConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
