package io.eventops.edge.security;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.kiosk.KioskRegistry;
import io.eventops.edge.kiosk.TokenCheck;
import io.eventops.edge.web.EdgeProblem;
import io.eventops.model.time.Rfc3339;
import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;
import io.eventops.web.login.LoginThrottle;
import io.eventops.web.security.ServiceSecurity;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;

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
		AuthenticationEntryPoint unauthorized = revokedOr(problems,
				problems.unauthorized((request) -> challenge(request.getRequestURI())));
		ServiceSecurity
			.statelessWithProblems(http, problems, loginThrottle, new KioskTokenFilter(registry), unauthorized,
					"These credentials do not allow this operation.")
			.authorizeHttpRequests((requests) -> ServiceSecurity.authorize(requests,
					(own) -> own.requestMatchers("/v1/kiosks/{kioskId}/**")
						.access(ownKiosk())
						// a kiosk enrols before it has a token: the code is its
						// credential
						// (rate-limited per address)
						.requestMatchers(HttpMethod.POST, "/v1/enrol")
						.permitAll(),
					"/admin/v1/kiosks", "/admin/v1/kiosks/*/revoke", "/admin/v1/kiosks/*/rotate",
					"/admin/v1/enrolments"));
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

	// a revoked kiosk's token is a 401 of its own (issue #37): the agent wipes its
	// cached personal data on it and stops admitting; the detail names the mode and the
	// time, nothing of the token
	private static AuthenticationEntryPoint revokedOr(ProblemResponses problems, AuthenticationEntryPoint otherwise) {
		return (request, response, ex) -> {
			if (request.getAttribute(KioskTokenFilter.REVOKED) instanceof TokenCheck.Revoked revoked) {
				problems.write(response, HttpStatus.UNAUTHORIZED, EdgeProblem.DEVICE_REVOKED.slug(), "Device revoked",
						"Kiosk " + revoked.kioskId() + " was revoked (" + revoked.mode() + "); its token stopped at "
								+ Rfc3339.format(revoked.effectiveAt())
								+ ". Delete the personal data cached on the device and stop admitting; export its"
								+ " unflushed entries for staff (kiosk-agent export).",
						challenge(request.getRequestURI()) + ", error=\"invalid_token\"");
			}
			else {
				otherwise.commence(request, response, ex);
			}
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
