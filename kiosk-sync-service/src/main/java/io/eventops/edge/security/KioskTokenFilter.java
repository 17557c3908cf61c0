package io.eventops.edge.security;

import java.io.IOException;

import io.eventops.edge.kiosk.KioskContacts;
import io.eventops.edge.kiosk.KioskRegistry;
import io.eventops.edge.kiosk.TokenCheck;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates a kiosk on {@code /v1/**} by its bearer token; an unknown or revoked
 * token leaves the request anonymous, which the kiosk rules answer with 401. A revoked
 * kiosk's token is marked on the request ({@link #REVOKED}), so that the answer says
 * {@code device-revoked} and the agent wipes its personal data (issue #37).
 */
class KioskTokenFilter extends OncePerRequestFilter {

	/**
	 * The request attribute holding the {@link TokenCheck.Revoked} of a revoked token.
	 */
	static final String REVOKED = KioskTokenFilter.class.getName() + ".revoked";

	private static final String BEARER = "Bearer ";

	private final KioskRegistry registry;

	KioskTokenFilter(KioskRegistry registry) {
		this.registry = registry;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !request.getRequestURI().startsWith("/v1/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader("Authorization");
		if (header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
			String token = header.substring(BEARER.length()).trim();
			// a token is 43 base64url characters; anything far off is not worth a lookup
			if (!token.isEmpty() && token.length() <= 128) {
				switch (this.registry.check(token)) {
					case TokenCheck.Active active -> {
						SecurityContextHolder.getContext().setAuthentication(new KioskAuthentication(active.kiosk()));
						if (!active.contactDue()) {
							// the statement that checked the token saw a contact written
							// within the interval: the heartbeat costs no write (#39)
							request.setAttribute(KioskContacts.CONTACT_RECENT, Boolean.TRUE);
						}
						if (active.rotationDue()) {
							// a new token with every answer to the old one (a lost
							// response is
							// covered), until the kiosk first uses one of them (issue
							// #37)
							this.registry.deliverToken(active.kiosk().kioskId())
								.ifPresent((fresh) -> response.setHeader(KioskRegistry.NEW_TOKEN, fresh));
						}
					}
					case TokenCheck.Revoked revoked -> request.setAttribute(REVOKED, revoked);
					case TokenCheck.Unknown unknown -> {
						// anonymous: the generic 401
					}
				}
			}
		}
		chain.doFilter(request, response);
	}

}
