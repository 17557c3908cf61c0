package io.eventops.edge.rules;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the plain-Java time rules with their bound settings and the system clock.
 */
@Configuration(proxyBeanMethods = false)
class RulesConfiguration {

	@Bean
	TimeRules timeRules(RuleProperties properties) {
		return new TimeRules(properties.settings(), Clock.systemUTC());
	}

}
