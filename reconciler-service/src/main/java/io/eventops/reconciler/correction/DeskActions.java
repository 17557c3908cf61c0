package io.eventops.reconciler.correction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.model.flush.Outcome;
import io.eventops.reconciler.config.ReconcilerProperties;
import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.reconciler.stream.ChangeLog;
import io.eventops.reconciler.stream.CommitWakes;
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Applies desk corrections and reprints, each in one transaction. A correction is a
 * record of origin DESK with a server-issued seq, so it outranks every kiosk write
 * (invariant 4); a correction that checks an attendee in creates the badge job like a
 * kiosk would (invariant 7).
 */
@Service
class DeskActions {

	private static final String UPSERT_DESK = """
			INSERT INTO reconciler.check_ins AS c (attendee_id, event_id, origin_rank, seq, source_id,
			  idempotency_key, captured_at, desk_display_name, desk_company, desk_tier)
			SELECT a.attendee_id, a.event_id, 1, ?, 'desk', ?, now(), ?, ?, ?
			FROM reconciler.attendees a WHERE a.attendee_id = ?
			ON CONFLICT (attendee_id) DO UPDATE SET origin_rank = EXCLUDED.origin_rank, seq = EXCLUDED.seq,
			  source_id = EXCLUDED.source_id, idempotency_key = EXCLUDED.idempotency_key,
			  captured_at = EXCLUDED.captured_at,
			  desk_display_name = coalesce(EXCLUDED.desk_display_name, c.desk_display_name),
			  desk_company = coalesce(EXCLUDED.desk_company, c.desk_company),
			  desk_tier = coalesce(EXCLUDED.desk_tier, c.desk_tier), revision = c.revision + 1, updated_at = now()
			WHERE (EXCLUDED.origin_rank, EXCLUDED.seq, EXCLUDED.source_id) > (c.origin_rank, c.seq, c.source_id)
			RETURNING (c.revision = 1) AS inserted""";

	private static final String INSERT_JOB = """
			INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
			  reason, reprint_reason)
			SELECT ?, a.attendee_id, a.event_id, a.credential_version, ?, ?, ?
			FROM reconciler.attendees a WHERE a.attendee_id = ?
			ON CONFLICT (attendee_id, credential_version) DO NOTHING""";

	private final JdbcTemplate jdbc;

	private final String deskPool;

	private final ChangeLog changeLog;

	private final CommitWakes wakes;

	DeskActions(JdbcTemplate jdbc, ReconcilerProperties properties, ChangeLog changeLog, CommitWakes wakes) {
		this.jdbc = jdbc;
		this.deskPool = properties.deskPrinterPool();
		this.changeLog = changeLog;
		this.wakes = wakes;
	}

	@Transactional
	void correct(String attendeeId, CorrectionRequest correction) {
		if (correction.displayName() == null && correction.company() == null && correction.tier() == null) {
			throw DomainException.invalid(ReconcilerProblem.EMPTY_CORRECTION,
					"Name at least one of displayName, company, tier.");
		}
		String eventId = requireAttendee(attendeeId);
		long seq = this.jdbc.queryForObject("SELECT nextval('reconciler.desk_seq')", Long.class);
		String key = keyOf(seq);
		List<Boolean> applied = this.jdbc.query(UPSERT_DESK, (rs, n) -> rs.getBoolean(1), seq, key,
				correction.displayName(), correction.company(), correction.tier(), attendeeId);
		this.jdbc.update("""
				INSERT INTO reconciler.processed_entries (idempotency_key, source_id, seq, attendee_id, fingerprint,
				  outcome, reason) VALUES (?, 'desk', ?, ?, ?, ?, NULL)""", key, seq, attendeeId,
				Integer.toHexString(correction.hashCode()),
				applied.isEmpty() ? Outcome.STALE.name() : Outcome.APPLIED.name());
		if (!applied.isEmpty() && applied.get(0)) {
			insertJob(attendeeId, this.deskPool, "CHECK_IN", null);
		}
		if (!applied.isEmpty()) {
			this.changeLog.append(eventId, Map.of(attendeeId, ChangeKind.CORRECTED));
		}
	}

	@Transactional
	Reprint reprint(String attendeeId, ReprintRequest request) {
		String eventId = requireAttendee(attendeeId);
		Integer checkedIn = this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ?",
				Integer.class, attendeeId);
		if (checkedIn == null || checkedIn == 0) {
			throw DomainException.conflict(ReconcilerProblem.NOT_CHECKED_IN,
					"Attendee '" + attendeeId + "' is not checked in; nothing to reprint.");
		}
		int version = this.jdbc.queryForObject("""
				UPDATE reconciler.attendees SET credential_version = credential_version + 1, updated_at = now()
				WHERE attendee_id = ? RETURNING credential_version""", Integer.class, attendeeId);
		List<String> pools = this.jdbc.queryForList("""
				SELECT printer_pool FROM reconciler.badge_jobs WHERE attendee_id = ?
				ORDER BY credential_version DESC LIMIT 1""", String.class, attendeeId);
		String jobId = insertJob(attendeeId, pools.isEmpty() ? this.deskPool : pools.get(0), "REPRINT",
				request.reason());
		this.changeLog.append(eventId, Map.of(attendeeId, ChangeKind.CREDENTIAL_REISSUED));
		return new Reprint(jobId, version);
	}

	/**
	 * The idempotency key of a correction. The guard holds kiosk keys
	 * {@code {kioskId}:{seq}} beside it, and a kiosk may be named {@code desk}: kiosk ids
	 * have no colon, so a key with two can never be a kiosk's (invariants 1 and 3).
	 * @param seq the correction's server-issued seq
	 * @return {@code desk:correction:{seq}}
	 */
	static String keyOf(long seq) {
		return "desk:correction:" + seq;
	}

	private String insertJob(String attendeeId, String pool, String reason, String reprintReason) {
		UUID jobId = UUID.randomUUID();
		// the table's trigger enqueues it for the relay (V5), woken after the commit
		// (V31)
		if (this.jdbc.update(INSERT_JOB, jobId, pool, reason, reprintReason, attendeeId) > 0) {
			this.wakes.afterCommit(CommitWakes.BADGE_JOBS, pool);
		}
		return jobId.toString();
	}

	// an erased attendee (#38) gets neither a correction (it would bring names back)
	// nor a reprint (a badge without a name) until a new import of it
	private String requireAttendee(String attendeeId) {
		List<Boolean> erased = new ArrayList<>();
		List<String> found = this.jdbc.query(
				"SELECT event_id, erased_at IS NOT NULL FROM reconciler.attendees WHERE attendee_id = ? FOR UPDATE",
				(rs, n) -> {
					erased.add(rs.getBoolean(2));
					return rs.getString(1);
				}, attendeeId);
		if (found.isEmpty()) {
			throw DomainException.notFound("Attendee", attendeeId);
		}
		if (erased.get(0)) {
			throw DomainException.conflict(ReconcilerProblem.ATTENDEE_ERASED, "Attendee '" + attendeeId
					+ "' was erased; import it again before correcting or reprinting its badge.");
		}
		return found.get(0);
	}

	/**
	 * The job of a reprint.
	 *
	 * @param badgeJobId the new job
	 * @param credentialVersion the new credential; the previous one is revoked
	 */
	record Reprint(String badgeJobId, int credentialVersion) {
	}

}
