package io.eventops.edge.kiosk;

import java.time.OffsetDateTime;
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

	// one statement, so that concurrent revocations on any replicas agree: the first
	// revocation stays, except that LOST after RETIRE takes effect at once
	private static final String REVOKE = """
			UPDATE edge.kiosks SET revoked_at = coalesce(revoked_at, now()),
			  revocation_mode = CASE WHEN revoked_at IS NULL THEN ? WHEN ? = 'LOST' THEN 'LOST'
			    ELSE coalesce(revocation_mode, 'LOST') END,
			  revocation_effective_at = CASE
			    WHEN revoked_at IS NULL THEN now() + make_interval(secs => ?)
			    WHEN ? = 'LOST' THEN least(coalesce(revocation_effective_at, revoked_at), now())
			    ELSE coalesce(revocation_effective_at, revoked_at) END
			WHERE kiosk_id = ?""";

	private final JdbcTemplate jdbc;

	private final KioskTokenProperties properties;

	KioskRegistry(JdbcTemplate jdbc, KioskTokenProperties properties) {
		this.jdbc = jdbc;
		this.properties = properties;
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

	/**
	 * Revokes a kiosk (issue #37): {@code LOST} at once, {@code RETIRE} after the retire
	 * grace. A kiosk revoked already keeps its revocation, unless {@code LOST} follows
	 * {@code RETIRE}: then it takes effect now.
	 * @param kioskId the kiosk
	 * @param mode how
	 */
	void revoke(String kioskId, RevocationMode mode) {
		double grace = (mode == RevocationMode.RETIRE) ? this.properties.retireGrace().toMillis() / 1000.0 : 0;
		int updated = this.jdbc.update(REVOKE, mode.name(), mode.name(), grace, mode.name(), kioskId);
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
		return (check(token) instanceof TokenCheck.Active active) ? Optional.of(active.kiosk()) : Optional.empty();
	}

	/**
	 * What a bearer token is: an active kiosk's (a retiring kiosk within its grace is
	 * active), a revoked kiosk's, or unknown. The database's clock decides, the same for
	 * every replica.
	 * @param token the token as presented
	 * @return the answer
	 */
	public TokenCheck check(String token) {
		List<TokenCheck> found = this.jdbc.query("""
				SELECT kiosk_id, event_id, printer_pool, area_id, direction, profile,
				  revoked_at IS NOT NULL AND coalesce(revocation_effective_at, revoked_at) <= now(),
				  coalesce(revocation_mode, 'LOST'), coalesce(revocation_effective_at, revoked_at)
				FROM edge.kiosks WHERE token_hash = ?""", (rs, n) -> {
			if (rs.getBoolean(7)) {
				return new TokenCheck.Revoked(rs.getString(1), RevocationMode.valueOf(rs.getString(8)),
						rs.getObject(9, OffsetDateTime.class));
			}
			return new TokenCheck.Active(new KioskPrincipal(rs.getString(1), rs.getString(2), rs.getString(3),
					rs.getString(4), KioskDirection.valueOf(rs.getString(5)), KioskProfile.valueOf(rs.getString(6))));
		}, Tokens.hash(token));
		return found.isEmpty() ? new TokenCheck.Unknown() : found.get(0);
	}

}
