package io.eventops.edge.kiosk;

import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import io.eventops.edge.web.EdgeException;
import io.eventops.model.express.ExpressCodeText;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issues one-time enrolment codes and redeems them (issue #37). Only a SHA-256 of a
 * code's canonical spelling is stored, so a lookup by hash never compares the code itself
 * (no timing to learn it from). A redemption claims the code with one conditional
 * {@code UPDATE} in the transaction that provisions the kiosk: however many kiosks
 * present one code at once, one commits and the others find it used; a provisioning that
 * fails (the kiosk id exists) leaves the code unused.
 */
@Service
class Enrolments {

	private final SecureRandom random = new SecureRandom();

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final KioskRegistry registry;

	private final Clock clock;

	Enrolments(JdbcTemplate jdbc, TransactionTemplate transactions, KioskRegistry registry) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.registry = registry;
		this.clock = Clock.systemUTC();
	}

	/**
	 * Issues a code.
	 * @param request the kiosk's settings
	 * @return the code as shown (two groups of five), and its expiry
	 */
	IssuedEnrolment issue(EnrolmentRequest request) {
		String code = ExpressCodeText.newCode(this.random);
		Instant expiresAt = this.clock.instant().plus(Duration.ofMinutes(request.expiresInMinutes()));
		this.jdbc.update("""
				INSERT INTO edge.enrolments (code_hash, event_id, area_id, direction, printer_pool, profile, kiosk_id,
				  expires_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)""", Tokens.hash(code), request.eventId(), request.areaId(),
				request.kioskDirection().name(), request.printerPool(), request.kioskProfile().name(),
				request.kioskId(), Timestamp.from(expiresAt));
		return new IssuedEnrolment(code.substring(0, 5) + "-" + code.substring(5), expiresAt);
	}

	/**
	 * Redeems a code: provisions its kiosk and marks it used, in one transaction.
	 * @param typed the code as typed
	 * @param label the kiosk's label, or {@code null}
	 * @return the enrolled kiosk with its token, shown this once
	 */
	EnrolledKiosk redeem(String typed, String label) {
		String code = ExpressCodeText.canonicalOrNull(typed);
		if (code == null) {
			throw EdgeException.invalidEnrolmentCode();
		}
		String hash = Tokens.hash(code);
		String chosenId = "k-" + ExpressCodeText.newCode(this.random).toLowerCase(Locale.ROOT);
		return this.transactions.execute((status) -> {
			List<KioskRegistration> claimed = this.jdbc.query("""
					UPDATE edge.enrolments SET used_at = now(), used_by_kiosk_id = coalesce(kiosk_id, ?)
					WHERE code_hash = ? AND used_at IS NULL AND expires_at > now()
					RETURNING used_by_kiosk_id, event_id, printer_pool, area_id, direction, profile""",
					(rs, n) -> new KioskRegistration(rs.getString(1), rs.getString(2), label, rs.getString(3),
							rs.getString(4), rs.getString(5), rs.getString(6)),
					chosenId, hash);
			if (claimed.isEmpty()) {
				throw whyNot(hash);
			}
			KioskRegistration kiosk = claimed.get(0);
			String token = this.registry.provision(kiosk);
			return new EnrolledKiosk(kiosk.kioskId(), token, kiosk.eventId(), kiosk.areaId(),
					kiosk.kioskDirection().name(), kiosk.kioskProfile().name());
		});
	}

	// the code was not claimed: unknown, used or expired
	private EdgeException whyNot(String hash) {
		List<Boolean> used = this.jdbc.query("SELECT used_at IS NOT NULL FROM edge.enrolments WHERE code_hash = ?",
				(rs, n) -> rs.getBoolean(1), hash);
		if (used.isEmpty()) {
			return EdgeException.unknownEnrolmentCode();
		}
		return used.get(0) ? EdgeException.enrolmentCodeUsed() : EdgeException.enrolmentCodeExpired();
	}

	/**
	 * An issued code: shown this once, never stored.
	 *
	 * @param code the code, two groups of five characters
	 * @param expiresAt until when it may be used
	 */
	record IssuedEnrolment(String code, Instant expiresAt) {
	}

	/**
	 * An enrolled kiosk: the token is in this answer only.
	 *
	 * @param kioskId the kiosk
	 * @param token its bearer token
	 * @param eventId its event
	 * @param areaId its area, absent for the event's implicit one
	 * @param direction ENTRY, EXIT or BOTH
	 * @param profile KIOSK, DESK or EXIT
	 */
	record EnrolledKiosk(String kioskId, String token, String eventId, String areaId, String direction,
			String profile) {
	}

}
