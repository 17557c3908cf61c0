package io.eventops.web.security;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;

import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The management port takes no credentials (issue #37). It is plain HTTP, and
 * {@code ./eventops-local --expose} or a cluster's scrape network may carry it beyond
 * loopback, so nothing on it ever reads a password or a token: health, info, metrics and
 * the OpenAPI document and its UI are open, everything else is refused, and a request
 * that carries an {@code Authorization} header is refused with a problem before anything
 * reads the header (so it neither authenticates nor spends the login throttle, and the
 * client learns that it sent a secret in the clear).
 */
public final class ManagementPortSecurity {

	/** The problem type slug of a request with credentials on the management port. */
	public static final String CREDENTIALS_REFUSED = "credentials-on-management-port";

	private static final String[] DOCUMENT_PATHS = { "/actuator/openapi", "/actuator/openapi/**",
			"/actuator/swagger-ui", "/actuator/swagger-ui/**" };

	private ManagementPortSecurity() {
	}

	/**
	 * Matches requests that arrive on the management port when it is a port of its own.
	 * @param environment the service's environment, which learns the management port once
	 * that server has started
	 * @return the matcher
	 */
	public static RequestMatcher onManagementPort(Environment environment) {
		return (HttpServletRequest request) -> {
			Integer managementPort = environment.getProperty("local.management.port", Integer.class);
			Integer serverPort = environment.getProperty("local.server.port", Integer.class);
			return managementPort != null && !managementPort.equals(serverPort)
					&& request.getLocalPort() == managementPort;
		};
	}

	/**
	 * The chain of the management port; a service registers it ahead of its main chain.
	 * @param http the service's {@code HttpSecurity}
	 * @param environment the service's environment
	 * @param problems the problem writer
	 * @return the chain
	 * @throws Exception as {@code HttpSecurity} does
	 */
	public static SecurityFilterChain filterChain(HttpSecurity http, Environment environment, ProblemResponses problems)
			throws Exception {
		return http.securityMatcher(onManagementPort(environment))
			.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.requestCache((cache) -> cache.disable())
			.addFilterBefore(new CredentialsRefused(problems), SecurityContextHolderFilter.class)
			.authorizeHttpRequests((requests) -> requests.requestMatchers(OpsAccounts.PUBLIC_PATHS)
				.permitAll()
				.requestMatchers(DOCUMENT_PATHS)
				.permitAll()
				.anyRequest()
				.denyAll())
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint((request, response, ex) -> problems.write(response, HttpStatus.FORBIDDEN,
						"forbidden", "Forbidden",
						"The management port serves health, metrics and the API documents only.", null))
				.accessDeniedHandler(
						problems.forbidden("The management port serves health, metrics and the API documents only.")))
			.build();
	}

	private static final class CredentialsRefused extends OncePerRequestFilter {

		private final ProblemResponses problems;

		CredentialsRefused(ProblemResponses problems) {
			this.problems = problems;
		}

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (request.getHeader(HttpHeaders.AUTHORIZATION) != null) {
				this.problems.write(response, HttpStatus.BAD_REQUEST, CREDENTIALS_REFUSED,
						"Credentials on the management port",
						"The management port is plain HTTP and takes no credentials; send none here "
								+ "(health, metrics and the API documents are open) and change the password that was sent.",
						null);
				return;
			}
			chain.doFilter(request, response);
		}

	}

}
