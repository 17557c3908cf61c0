package io.eventops.reconciler.security;

import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;
import io.eventops.web.login.LoginThrottle;
import io.eventops.web.security.InternalTokenFilter;
import io.eventops.web.security.ServiceSecurity;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Wires HTTP Basic for the {@code OPS} and {@code ADMIN} roles (ADMIN includes OPS) and
 * the internal token for the edge; every refusal is an RFC 9457 problem.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, SecurityProperties properties, ProblemResponses problems,
			LoginThrottle loginThrottle) throws Exception {
		AuthenticationEntryPoint unauthorized = problems.unauthorized((request) -> ProblemResponses.BASIC_CHALLENGE);
		ServiceSecurity
			.statelessWithProblems(http, problems, loginThrottle, new InternalTokenFilter(properties.internalToken()),
					unauthorized, "Your role does not allow this operation.")
			.authorizeHttpRequests((requests) -> ServiceSecurity.authorize(requests,
					(own) -> own.requestMatchers("/internal/**")
						.hasRole("INTERNAL")
						.requestMatchers(HttpMethod.PUT, "/admin/v1/events/*/policy")
						.hasRole("ADMIN")
						// #38: personal data goes out to admins only
						.requestMatchers(HttpMethod.GET, "/admin/v1/events/*/export", "/admin/v1/attendees/*/export")
						.hasRole("ADMIN"),
					"/admin/v1/events/*/attendees", "/admin/v1/events/*/express-codes",
					"/admin/v1/express-codes/*/replace", "/admin/v1/attendees/*/erase", "/admin/v1/events/*/erase"));
		return http.build();
	}

	@Bean
	UserDetailsService users(SecurityProperties properties, PasswordEncoder encoder) {
		return OpsAccounts.users(properties.opsPassword(), properties.adminPassword(), encoder);
	}

}
