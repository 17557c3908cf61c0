package io.eventops.edge.kiosk;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import io.eventops.edge.web.EdgeException;
import io.eventops.edge.web.EdgeProblem;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Provisions, revokes and rotates kiosks' tokens and resolves a presented token to its
 * kiosk.
 */
@Service
public class KioskRegistry {

	/** The response header that delivers a kiosk its new token (issue #37). */
	public static final String NEW_TOKEN = "Kiosk-New-Token";

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

	private final TransactionTemplate transactions;

	private final KioskTokenProperties properties;

	private final double contactWriteSeconds;

	KioskRegistry(JdbcTemplate jdbc, TransactionTemplate transactions, KioskTokenProperties properties,
			ContactProperties contacts) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.properties = properties;
		this.contactWriteSeconds = seconds(contacts.contactWriteInterval());
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
		String hash = Tokens.hash(token);
		// one statement: it sees a concurrent promotion of a new token wholly or not at
		// all
		List<TokenCheck> found = this.jdbc.query("""
				SELECT kiosk_id, event_id, printer_pool, area_id, direction, profile,
				  revoked_at IS NOT NULL AND coalesce(revocation_effective_at, revoked_at) <= now(),
				  coalesce(revocation_mode, 'LOST'), coalesce(revocation_effective_at, revoked_at),
				  token_hash = ?, coalesce(previous_token_hash = ?, false), rotation_requested_at IS NOT NULL,
				  coalesce(rotation_pending_until <= now(), false), coalesce(previous_token_valid_until <= now(), true),
				  last_contact_at IS NULL OR last_contact_at < now() - make_interval(secs => ?)
				FROM edge.kiosks
				WHERE token_hash = ? OR previous_token_hash = ?
				  OR kiosk_id = (SELECT kiosk_id FROM edge.pending_tokens WHERE token_hash = ?)""", (rs, n) -> {
			String kioskId = rs.getString(1);
			if (rs.getBoolean(7)) {
				return new TokenCheck.Revoked(kioskId, RevocationMode.valueOf(rs.getString(8)),
						rs.getObject(9, OffsetDateTime.class));
			}
			KioskPrincipal kiosk = new KioskPrincipal(kioskId, rs.getString(2), rs.getString(3), rs.getString(4),
					KioskDirection.valueOf(rs.getString(5)), KioskProfile.valueOf(rs.getString(6)));
			boolean rotationDue = rs.getBoolean(12);
			if (rs.getBoolean(10)) {
				// the kiosk's token; while a rotation is pending it stops only once the
				// kiosk has not used a delivered token for rotation-max-pending
				return (rotationDue && rs.getBoolean(13)) ? new TokenCheck.Unknown()
						: new TokenCheck.Active(kiosk, rotationDue, rs.getBoolean(15));
			}
			if (rs.getBoolean(11)) {
				// the token a promotion replaced: valid for the rotation grace after it
				// (requests in flight), never delivered a new token
				return rs.getBoolean(14) ? new TokenCheck.Unknown()
						: new TokenCheck.Active(kiosk, false, rs.getBoolean(15));
			}
			// a new token's first use: it is the kiosk's from now on
			return promote(kiosk, hash) ? new TokenCheck.Active(kiosk, false) : new TokenCheck.Unknown();
		}, hash, hash, this.contactWriteSeconds, hash, hash, hash);
		return found.isEmpty() ? new TokenCheck.Unknown() : found.get(0);
	}

	// the first use of a delivered token makes it the kiosk's token, keeps the old one
	// for
	// the rotation grace (its requests in flight) and retires every other delivered one;
	// false when another of them was promoted first
	private boolean promote(KioskPrincipal kiosk, String hash) {
		return Boolean.TRUE.equals(this.transactions.execute((status) -> {
			this.jdbc
				.update("""
						UPDATE edge.kiosks SET previous_token_hash = token_hash,
						  previous_token_valid_until = now() + make_interval(secs => ?), token_hash = ?,
						  rotation_requested_at = NULL, rotation_pending_until = NULL, old_token_valid_until = NULL
						WHERE kiosk_id = ? AND EXISTS (SELECT 1 FROM edge.pending_tokens WHERE token_hash = ? AND kiosk_id = ?)""",
						seconds(this.properties.rotationGrace()), hash, kiosk.kioskId(), hash, kiosk.kioskId());
			this.jdbc.update("DELETE FROM edge.pending_tokens WHERE kiosk_id = ?", kiosk.kioskId());
			return this.jdbc.queryForObject("SELECT token_hash = ? FROM edge.kiosks WHERE kiosk_id = ?", Boolean.class,
					hash, kiosk.kioskId());
		}));
	}

	/**
	 * Asks for a kiosk's token to be rotated (issue #37): the kiosk receives a new token
	 * with its next answer.
	 * @param kioskId the kiosk
	 */
	void requestRotation(String kioskId) {
		int updated = this.jdbc.update("""
				UPDATE edge.kiosks SET rotation_requested_at = coalesce(rotation_requested_at, now())
				WHERE kiosk_id = ? AND revoked_at IS NULL""", kioskId);
		if (updated == 0) {
			Boolean revoked = this.jdbc
				.query("SELECT revoked_at IS NOT NULL FROM edge.kiosks WHERE kiosk_id = ?", (rs, n) -> rs.getBoolean(1),
						kioskId)
				.stream()
				.findFirst()
				.orElseThrow(() -> EdgeException.notFound("Kiosk", kioskId));
			if (revoked) {
				throw EdgeException.conflict(EdgeProblem.KIOSK_REVOKED,
						"Kiosk '" + kioskId + "' is revoked: its token is not rotated.");
			}
		}
	}

	/**
	 * Mints a new token for a kiosk whose rotation is due, keeping only its hash; the old
	 * token stays valid until the kiosk first uses a delivered one, and at most for the
	 * rotation-max-pending after the first delivery.
	 * @param kioskId the kiosk
	 * @return the token, to be delivered with this answer, or empty when no rotation is
	 * due (any more)
	 */
	public Optional<String> deliverToken(String kioskId) {
		String token = Tokens.issue();
		return Optional.ofNullable(this.transactions.execute((status) -> {
			int due = this.jdbc.update("""
					UPDATE edge.kiosks
					SET rotation_pending_until = coalesce(rotation_pending_until, now() + make_interval(secs => ?))
					WHERE kiosk_id = ? AND rotation_requested_at IS NOT NULL""",
					seconds(this.properties.rotationMaxPending()), kioskId);
			if (due == 0) {
				return null;
			}
			this.jdbc.update("INSERT INTO edge.pending_tokens (token_hash, kiosk_id) VALUES (?, ?)", Tokens.hash(token),
					kioskId);
			return token;
		}));
	}

	private static double seconds(Duration duration) {
		return duration.toMillis() / 1000.0;
	}

}
