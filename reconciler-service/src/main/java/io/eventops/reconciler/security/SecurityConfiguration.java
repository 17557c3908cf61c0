package io.eventops.reconciler.security;

import java.security.SecureRandom;
import java.util.Base64;

import io.eventops.web.ProblemResponses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * Wires HTTP Basic for the {@code OPS} and {@code ADMIN} roles (ADMIN includes OPS) and
 * the internal token for the edge; every refusal is an RFC 9457 problem.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(SecurityConfiguration.class);

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, SecurityProperties properties, ProblemResponses problems)
			throws Exception {
		http.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.addFilterBefore(new InternalTokenFilter(properties.internalToken()), BasicAuthenticationFilter.class)
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
				.requestMatchers("/internal/**")
				.hasRole("INTERNAL")
				.requestMatchers(HttpMethod.POST, "/admin/v1/events/*/attendees", "/admin/v1/events/*/express-codes",
						"/admin/v1/express-codes/*/replace")
				.hasRole("ADMIN")
				.requestMatchers("/admin/**")
				.hasRole("OPS")
				.anyRequest()
				.denyAll());
		return http.build();
	}

	@Bean
	RoleHierarchy roleHierarchy() {
		return RoleHierarchyImpl.fromHierarchy("ROLE_ADMIN > ROLE_OPS");
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	@Bean
	UserDetailsService users(SecurityProperties properties, PasswordEncoder encoder) {
		String ops = passwordOrGenerated("ops", properties.opsPassword());
		String admin = passwordOrGenerated("admin", properties.adminPassword());
		return new InMemoryUserDetailsManager(
				User.withUsername("ops").password(encoder.encode(ops)).roles("OPS").build(),
				User.withUsername("admin").password(encoder.encode(admin)).roles("ADMIN").build());
	}

	private static String passwordOrGenerated(String user, String configured) {
		if (!configured.isBlank()) {
			return configured;
		}
		byte[] bytes = new byte[18];
		new SecureRandom().nextBytes(bytes);
		String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		logger.warn("No password configured for user '{}': generated '{}' (set EVENTOPS_{}_PASSWORD to choose one)",
				user, generated, user.toUpperCase(java.util.Locale.ROOT));
		return generated;
	}

}
