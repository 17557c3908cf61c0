package io.eventops.edge.security;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.kiosk.KioskRegistry;
import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;
import io.eventops.web.login.LoginThrottle;
import io.eventops.web.login.LoginThrottleFilter;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * Wires kiosk bearer tokens for {@code /v1/kiosks/{kioskId}/**} (a token authorises
 * exactly its own kioskId) and HTTP Basic for the {@code OPS} and {@code ADMIN} roles
 * (ADMIN includes OPS); every refusal is an RFC 9457 problem.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, KioskRegistry registry, ProblemResponses problems,
			LoginThrottle loginThrottle) throws Exception {
		AuthenticationEntryPoint unauthorized = problems.unauthorized((request) -> challenge(request.getRequestURI()));
		http.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			// failed logins throttled per client address across replicas, before the
			// password check
			.addFilterBefore(new LoginThrottleFilter(loginThrottle, problems), BasicAuthenticationFilter.class)
			.addFilterBefore(new KioskTokenFilter(registry), BasicAuthenticationFilter.class)
			.httpBasic((basic) -> basic.authenticationEntryPoint(unauthorized))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(unauthorized)
				.accessDeniedHandler(problems.forbidden("These credentials do not allow this operation.")))
			.authorizeHttpRequests((requests) -> requests.requestMatchers(OpsAccounts.PUBLIC_PATHS)
				.permitAll()
				.requestMatchers("/v1/kiosks/{kioskId}/**")
				.access(ownKiosk())
				.requestMatchers(HttpMethod.POST, "/admin/v1/kiosks", "/admin/v1/kiosks/*/revoke")
				.hasRole("ADMIN")
				.requestMatchers("/admin/**")
				.hasRole("OPS")
				.anyRequest()
				.denyAll());
		return http.build();
	}

	// a kiosk token authorises exactly one kioskId: another kiosk's path is a 403
	private static AuthorizationManager<RequestAuthorizationContext> ownKiosk() {
		return (authentication, context) -> {
			Authentication current = authentication.get();
			boolean own = current != null && !(current instanceof AnonymousAuthenticationToken)
					&& current.getPrincipal() instanceof KioskPrincipal kiosk
					&& kiosk.kioskId().equals(context.getVariables().get("kioskId"));
			return new AuthorizationDecision(own);
		};
	}

	private static String challenge(String uri) {
		return uri.startsWith("/v1/") ? "Bearer realm=\"eventops\"" : "Basic realm=\"eventops\"";
	}

	@Bean
	UserDetailsService users(SecurityProperties properties, PasswordEncoder encoder) {
		return OpsAccounts.users(properties.opsPassword(), properties.adminPassword(), encoder);
	}

}
