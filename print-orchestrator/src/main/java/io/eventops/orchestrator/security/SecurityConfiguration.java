package io.eventops.orchestrator.security;

import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Wires HTTP Basic for the {@code OPS} and {@code ADMIN} roles (ADMIN includes OPS);
 * registering printers needs ADMIN, everything else OPS; every refusal is an RFC 9457
 * problem.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, ProblemResponses problems) throws Exception {
		http.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.httpBasic((basic) -> basic.authenticationEntryPoint(
					(request, response, ex) -> problems.write(response, HttpStatus.UNAUTHORIZED, "unauthorized",
							"Unauthorized", "Valid credentials are required.", ProblemResponses.BASIC_CHALLENGE)))
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint(
						(request, response, ex) -> problems.write(response, HttpStatus.UNAUTHORIZED, "unauthorized",
								"Unauthorized", "Valid credentials are required.", ProblemResponses.BASIC_CHALLENGE))
				.accessDeniedHandler((request, response, ex) -> problems.write(response, HttpStatus.FORBIDDEN,
						"forbidden", "Forbidden", "Your role does not allow this operation.", null)))
			.authorizeHttpRequests((requests) -> requests
				.requestMatchers("/actuator/health/**", "/actuator/health", "/actuator/info", "/actuator/prometheus")
				.permitAll()
				.requestMatchers("/error")
				.permitAll()
				.requestMatchers(HttpMethod.POST, "/admin/v1/printers")
				.hasRole("ADMIN")
				.requestMatchers("/admin/**")
				.hasRole("OPS")
				.anyRequest()
				.denyAll());
		return http.build();
	}

	@Bean
	RoleHierarchy roleHierarchy() {
		return OpsAccounts.roleHierarchy();
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	@Bean
	UserDetailsService users(SecurityProperties properties, PasswordEncoder encoder) {
		return OpsAccounts.users(properties.opsPassword(), properties.adminPassword(), encoder);
	}

}
