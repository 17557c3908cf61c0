package io.eventops.edge.security;

import java.util.List;

import io.eventops.edge.kiosk.KioskPrincipal;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * A kiosk authenticated by its bearer token.
 */
class KioskAuthentication extends AbstractAuthenticationToken {

	private final KioskPrincipal kiosk;

	KioskAuthentication(KioskPrincipal kiosk) {
		super(List.of(new SimpleGrantedAuthority("ROLE_KIOSK")));
		this.kiosk = kiosk;
		setAuthenticated(true);
	}

	@Override
	public Object getCredentials() {
		return "";
	}

	@Override
	public KioskPrincipal getPrincipal() {
		return this.kiosk;
	}

}
