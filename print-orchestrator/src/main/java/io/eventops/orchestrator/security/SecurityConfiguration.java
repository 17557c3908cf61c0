package io.eventops.orchestrator.security;

import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;
import io.eventops.web.login.LoginThrottle;
import io.eventops.web.login.LoginThrottleFilter;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * Wires HTTP Basic for the {@code OPS} and {@code ADMIN} roles (ADMIN includes OPS) and
 * the internal token for the edge: registering printers needs ADMIN, the rest of
 * {@code /admin} OPS, {@code /internal} the edge; every refusal is an RFC 9457 problem.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, ProblemResponses problems, LoginThrottle loginThrottle,
			SecurityProperties properties) throws Exception {
		AuthenticationEntryPoint unauthorized = problems.unauthorized((request) -> ProblemResponses.BASIC_CHALLENGE);
		http.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			// failed logins throttled per client address across replicas, before the
			// password check
			.addFilterBefore(new LoginThrottleFilter(loginThrottle, problems), BasicAuthenticationFilter.class)
			// the edge's kiosk-facing badge status reads the ledger over the internal hop
			.addFilterBefore(new InternalTokenFilter(properties.internalToken()), BasicAuthenticationFilter.class)
			.httpBasic((basic) -> basic.authenticationEntryPoint(unauthorized))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(unauthorized)
				.accessDeniedHandler(problems.forbidden("Your role does not allow this operation.")))
			.authorizeHttpRequests((requests) -> requests.requestMatchers(OpsAccounts.PUBLIC_PATHS)
				.permitAll()
				.requestMatchers("/internal/**")
				.hasRole("INTERNAL")
				.requestMatchers(HttpMethod.POST, "/admin/v1/printers")
				.hasRole("ADMIN")
				.requestMatchers("/admin/**")
				.hasRole("OPS")
				.anyRequest()
				.denyAll());
		return http.build();
	}

	@Bean
	UserDetailsService users(SecurityProperties properties, PasswordEncoder encoder) {
		return OpsAccounts.users(properties.opsPassword(), properties.adminPassword(), encoder);
	}

}
