package io.eventops.web.security;

import jakarta.servlet.Filter;

import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;
import io.eventops.web.login.LoginThrottle;
import io.eventops.web.login.LoginSucceededFilter;
import io.eventops.web.login.LoginThrottleFilter;

import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * What every service's security filter chain shares: stateless, no CSRF (no browser
 * sessions), HTTP Basic logins throttled per client address (each attempt spent before
 * the password check, given back when the password was right), the service's token
 * filter, every refusal an RFC 9457 problem; and the request rules: the public paths
 * open, {@code ADMIN} for the service's provisioning calls, {@code OPS} for the rest of
 * {@code /admin}, nothing else. The service adds the rules of its own paths.
 */
public final class ServiceSecurity {

	private ServiceSecurity() {
	}

	/**
	 * Configures the shared part of the chain.
	 * @param http the service's {@code HttpSecurity}
	 * @param problems the problem writer
	 * @param loginThrottle the shared throttle of failed logins
	 * @param tokenFilter the filter that authenticates the service's bearer tokens,
	 * placed before HTTP Basic
	 * @param unauthorized the answer to missing or invalid credentials
	 * @param forbidden the detail of the answer to a role that does not allow the request
	 * @return {@code http}, for the service's request rules
	 * @throws Exception as {@code HttpSecurity} does
	 */
	public static HttpSecurity statelessWithProblems(HttpSecurity http, ProblemResponses problems,
			LoginThrottle loginThrottle, Filter tokenFilter, AuthenticationEntryPoint unauthorized, String forbidden)
			throws Exception {
		return http.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.addFilterBefore(new LoginThrottleFilter(loginThrottle, problems), BasicAuthenticationFilter.class)
			.addFilterAfter(new LoginSucceededFilter(loginThrottle), BasicAuthenticationFilter.class)
			.addFilterBefore(tokenFilter, BasicAuthenticationFilter.class)
			.httpBasic((basic) -> basic.authenticationEntryPoint(unauthorized))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(unauthorized)
				.accessDeniedHandler(problems.forbidden(forbidden)));
	}

	/**
	 * The request rules, in the order they match: the public paths, the service's own
	 * paths, the {@code POST}s that need {@code ADMIN}, the rest of {@code /admin} for
	 * {@code OPS} (ADMIN includes OPS), and nothing else.
	 * @param requests the chain's request rules
	 * @param ownPaths the rules of the service's own paths (its token's)
	 * @param adminPosts the paths whose {@code POST} needs {@code ADMIN}
	 */
	public static void authorize(
			AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry requests,
			Customizer<AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry> ownPaths,
			String... adminPosts) {
		requests.requestMatchers(OpsAccounts.PUBLIC_PATHS).permitAll();
		ownPaths.customize(requests);
		requests.requestMatchers(HttpMethod.POST, adminPosts)
			.hasRole("ADMIN")
			.requestMatchers("/admin/**")
			.hasRole("OPS")
			.anyRequest()
			.denyAll();
	}

}
