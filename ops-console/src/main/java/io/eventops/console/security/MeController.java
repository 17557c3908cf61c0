package io.eventops.console.security;

import java.util.Map;

import io.eventops.console.upstream.UpstreamProperties;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Tells the page who is logged in, with which role, and the CSRF token to send with every
 * change; before login, the token alone (the login form needs one too).
 */
@RestController
class MeController {

	private final UpstreamProperties upstream;

	MeController(UpstreamProperties upstream) {
		this.upstream = upstream;
	}

	@GetMapping("/api/me")
	Me me(Authentication authentication, CsrfToken csrf) {
		boolean admin = authentication.getAuthorities()
			.stream()
			.map(GrantedAuthority::getAuthority)
			.anyMatch("ROLE_ADMIN"::equals);
		return new Me(authentication.getName(), admin ? "ADMIN" : "OPS", this.upstream.eventId(),
				new Csrf(csrf.getHeaderName(), csrf.getToken()));
	}

	@GetMapping("/api/csrf")
	Map<String, Csrf> csrf(CsrfToken csrf) {
		return Map.of("csrf", new Csrf(csrf.getHeaderName(), csrf.getToken()));
	}

	/**
	 * Who is logged in.
	 *
	 * @param username the account
	 * @param role {@code ADMIN} or {@code OPS}
	 * @param eventId the event the console shows by default, or {@code null}
	 * @param csrf the token to send with every change
	 */
	record Me(String username, String role, String eventId, Csrf csrf) {
	}

	/**
	 * The CSRF token and the header it goes in.
	 *
	 * @param headerName the header
	 * @param token the (masked) token
	 */
	record Csrf(String headerName, String token) {
	}

}
