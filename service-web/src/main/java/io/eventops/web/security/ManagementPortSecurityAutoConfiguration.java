package io.eventops.web.security;

import io.eventops.web.ProblemResponses;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Puts every service's management port behind {@link ManagementPortSecurity}, ahead of
 * the service's main filter chain (which gets everything that arrives on the API port).
 */
@AutoConfiguration(afterName = "io.eventops.web.ServiceWebAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(HttpSecurity.class)
public class ManagementPortSecurityAutoConfiguration {

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	@ConditionalOnMissingBean(name = "managementPortFilterChain")
	SecurityFilterChain managementPortFilterChain(HttpSecurity http, Environment environment, ProblemResponses problems)
			throws Exception {
		return ManagementPortSecurity.filterChain(http, environment, problems);
	}

}
