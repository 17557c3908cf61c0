package io.eventops.edge.kiosk;

import java.util.List;
import java.util.Optional;

import io.eventops.edge.web.EdgeException;
import io.eventops.edge.web.EdgeProblem;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * Provisions and revokes kiosks and resolves a presented token to its kiosk.
 */
@Service
public class KioskRegistry {

	private final JdbcTemplate jdbc;

	KioskRegistry(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Provisions a kiosk.
	 * @param registration the kiosk
	 * @return its token, which is never stored and cannot be shown again
	 */
	String provision(KioskRegistration registration) {
		String token = Tokens.issue();
		int inserted = this.jdbc.update("""
				INSERT INTO edge.kiosks (kiosk_id, event_id, label, printer_pool, token_hash, area_id, direction,
				  profile)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kiosk_id) DO NOTHING""", registration.kioskId(),
				registration.eventId(), registration.label(), registration.printerPool(), Tokens.hash(token),
				registration.areaId(), registration.kioskDirection().name(), registration.kioskProfile().name());
		if (inserted == 0) {
			throw EdgeException.conflict(EdgeProblem.KIOSK_EXISTS,
					"Kiosk '" + registration.kioskId() + "' already exists.");
		}
		return token;
	}

	void revoke(String kioskId) {
		int updated = this.jdbc
			.update("UPDATE edge.kiosks SET revoked_at = coalesce(revoked_at, now()) WHERE kiosk_id = ?", kioskId);
		if (updated == 0) {
			throw EdgeException.notFound("Kiosk", kioskId);
		}
	}

	/**
	 * Resolves a bearer token.
	 * @param token the token as presented
	 * @return the kiosk it authorises, unless it is unknown or revoked
	 */
	public Optional<KioskPrincipal> findActiveByToken(String token) {
		List<KioskPrincipal> kiosks = this.jdbc.query("""
				SELECT kiosk_id, event_id, printer_pool, area_id, direction, profile FROM edge.kiosks
				WHERE token_hash = ? AND revoked_at IS NULL""",
				(rs, n) -> new KioskPrincipal(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
						KioskDirection.valueOf(rs.getString(5)), KioskProfile.valueOf(rs.getString(6))),
				Tokens.hash(token));
		return kiosks.stream().findFirst();
	}

}
