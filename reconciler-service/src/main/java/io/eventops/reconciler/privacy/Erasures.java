package io.eventops.reconciler.privacy;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.reconciler.stream.ChangeLog;
import io.eventops.reconciler.web.DomainException;

import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Erases the personal data of one attendee or of every attendee of an event, in one READ
 * COMMITTED transaction: names, companies and e-mails of the attendee rows, the kiosk
 * overrides and desk corrections of the winning records, the personal fields of the
 * quarantined raw entries, the attendee payloads of the change log, reprint and annulment
 * reasons. Ids, counts, times, areas and outcomes stay, so the head-count and the
 * per-area counts do not change. The erased attendees' badge jobs are withdrawn as an
 * annulled admission's are ({@code reconciler.annulled_badge_jobs}, #36), each erased
 * attendee gets an {@code ERASED} change (the change log is the last write but one,
 * invariant 10: after it the erasure scrubs the changes that writers holding the stream
 * lock appended meanwhile), and the erasure is audited in {@code reconciler.erasures}.
 *
 * <p>
 * Erasures of one event are serialised by its row: an erasure that finds everything in
 * its scope erased already changes nothing and says so. The winning records are locked
 * before the attendee rows, in attendee order, the order a kiosk's check-in with an
 * override takes them (its trigger, V24, reads the attendee row {@code FOR SHARE}).
 */
@Service
public class Erasures {

	private static final int ATTEMPTS = 3;

	private static final String LOCK_CHECK_INS = """
			SELECT attendee_id FROM reconciler.check_ins WHERE attendee_id = ANY(?) ORDER BY attendee_id FOR UPDATE""";

	private static final String ERASE_ATTENDEES = """
			UPDATE reconciler.attendees SET display_name = '', company = NULL, email = NULL, erased_at = ?,
			  updated_at = now()
			WHERE attendee_id = ANY(?)""";

	private static final String ERASE_CHECK_INS = """
			UPDATE reconciler.check_ins SET kiosk_display_name = NULL, kiosk_company = NULL, desk_display_name = NULL,
			  desk_company = NULL
			WHERE attendee_id = ANY(?) AND (kiosk_display_name IS NOT NULL OR kiosk_company IS NOT NULL
			  OR desk_display_name IS NOT NULL OR desk_company IS NOT NULL)""";

	private static final String WITHDRAWN_JOBS = """
			SELECT count(*) FROM reconciler.badge_jobs WHERE attendee_id = ANY(?) AND annulled_at IS NULL""";

	private static final String ERASE_REPRINT_REASONS = """
			UPDATE reconciler.badge_jobs SET reprint_reason = NULL WHERE attendee_id = ANY(?) AND reprint_reason IS NOT NULL""";

	private static final String ERASE_ANNULMENT_REASONS = """
			UPDATE reconciler.desk_annulments SET reason = '' WHERE attendee_id = ANY(?) AND reason <> ''""";

	// an attendee's entries wherever a kiosk sent them; an event's erasure also takes the
	// entries of its event that name no registered attendee
	private static final String ERASE_REJECTIONS = """
			UPDATE reconciler.rejections SET entry = reconciler.scrub_entry(entry)
			WHERE (entry ->> 'attendeeId' = ANY(?) OR event_id = ?) AND entry IS DISTINCT FROM reconciler.scrub_entry(entry)""";

	private static final String ERASE_CHANGES = """
			UPDATE reconciler.change_log
			SET attendee = attendee || jsonb_build_object('displayName', '', 'company', NULL, 'email', NULL)
			WHERE event_id = ? AND attendee_id = ANY(?) AND attendee IS NOT NULL
			  AND (attendee ->> 'displayName' <> '' OR attendee ->> 'company' IS NOT NULL
			    OR attendee ->> 'email' IS NOT NULL)""";

	private static final String AUDIT = """
			INSERT INTO reconciler.erasures (scope, event_id, attendee_id, reason, erased_by, erased_at, attendees,
			  check_ins, rejections, changes, badge_jobs, annulments)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

	private final JdbcTemplate jdbc;

	private final ChangeLog changeLog;

	private final TransactionTemplate transactions;

	Erasures(JdbcTemplate jdbc, ChangeLog changeLog, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.changeLog = changeLog;
		this.transactions = new TransactionTemplate(transactions);
	}

	/**
	 * Erases one attendee's personal data.
	 * @param attendeeId the attendee
	 * @param reason why
	 * @param erasedBy who
	 * @return what it did
	 */
	public Erasure eraseAttendee(String attendeeId, String reason, String erasedBy) {
		return retrying(() -> {
			List<String> events = this.jdbc.queryForList(
					"SELECT event_id FROM reconciler.attendees WHERE attendee_id = ?", String.class, attendeeId);
			if (events.isEmpty()) {
				throw DomainException.notFound("Attendee", attendeeId);
			}
			String eventId = events.get(0);
			lockEvent(eventId);
			Timestamp before = this.jdbc.queryForObject(
					"SELECT erased_at FROM reconciler.attendees WHERE attendee_id = ?", Timestamp.class, attendeeId);
			if (before != null) {
				return new Erasure("ATTENDEE", eventId, attendeeId, false, before.toInstant(), Erasure.Counts.NONE);
			}
			Instant now = now();
			Erasure.Counts counts = scrub(eventId, List.of(attendeeId), false, now);
			audit("ATTENDEE", eventId, attendeeId, reason, erasedBy, now, counts);
			this.changeLog.append(eventId, Map.of(attendeeId, ChangeKind.ERASED));
			eraseLateChanges(eventId, List.of(attendeeId));
			return new Erasure("ATTENDEE", eventId, attendeeId, true, now, counts);
		});
	}

	/**
	 * Erases the personal data of every attendee of an event.
	 * @param eventId the event
	 * @param scope {@code EVENT} (an admin's request) or {@code RETENTION}
	 * @param reason why
	 * @param erasedBy who
	 * @return what it did
	 */
	public Erasure eraseEvent(String eventId, String scope, String reason, String erasedBy) {
		return retrying(() -> {
			Timestamp before = lockEvent(eventId);
			List<String> attendees = this.jdbc.queryForList("""
					SELECT attendee_id FROM reconciler.attendees WHERE event_id = ? AND erased_at IS NULL
					ORDER BY attendee_id""", String.class, eventId);
			if (before != null && attendees.isEmpty()) {
				return new Erasure(scope, eventId, null, false, before.toInstant(), Erasure.Counts.NONE);
			}
			Instant now = now();
			Erasure.Counts counts = scrub(eventId, attendees, true, now);
			this.jdbc.update("UPDATE reconciler.events SET erased_at = ? WHERE event_id = ?", Timestamp.from(now),
					eventId);
			audit(scope, eventId, null, reason, erasedBy, now, counts);
			Map<String, ChangeKind> changes = new LinkedHashMap<>();
			attendees.forEach((attendee) -> changes.put(attendee, ChangeKind.ERASED));
			this.changeLog.append(eventId, changes);
			eraseLateChanges(eventId, attendees);
			return new Erasure(scope, eventId, null, true, now, counts);
		});
	}

	// the event's row, NO KEY UPDATE: erasures of the event wait for each other, while
	// the foreign keys of policies and express codes (KEY SHARE) do not
	private Timestamp lockEvent(String eventId) {
		List<Timestamp> erased = this.jdbc.query(
				"SELECT erased_at FROM reconciler.events WHERE event_id = ? FOR NO KEY UPDATE",
				(rs, n) -> rs.getTimestamp(1), eventId);
		if (erased.isEmpty()) {
			throw DomainException.notFound("Event", eventId);
		}
		return erased.get(0);
	}

	private Erasure.Counts scrub(String eventId, List<String> attendees, boolean wholeEvent, Instant now) {
		String[] ids = attendees.toArray(new String[0]);
		update(LOCK_CHECK_INS, (Object) ids);
		int erasedAttendees = update(ERASE_ATTENDEES, Timestamp.from(now), ids);
		int checkIns = update(ERASE_CHECK_INS, (Object) ids);
		Integer jobs = this.jdbc.execute((Connection connection) -> {
			PreparedStatement statement = connection.prepareStatement(WITHDRAWN_JOBS);
			statement.setArray(1, connection.createArrayOf("text", ids));
			return statement;
		}, (PreparedStatement statement) -> {
			try (var rs = statement.executeQuery()) {
				rs.next();
				return rs.getInt(1);
			}
		});
		update(ERASE_REPRINT_REASONS, (Object) ids);
		int annulments = update(ERASE_ANNULMENT_REASONS, (Object) ids);
		int rejections = update(ERASE_REJECTIONS, ids, wholeEvent ? eventId : null);
		int changes = update(ERASE_CHANGES, eventId, ids);
		return new Erasure.Counts(erasedAttendees, checkIns, rejections, changes, (jobs != null) ? jobs : 0,
				annulments);
	}

	// A writer that took the event's stream lock before the erasure's append copied the
	// attendee's name into its change at its own snapshot; the first ERASE_CHANGES could
	// not see that uncommitted row. The append waited for the lock, i.e. for every such
	// writer to commit, so this new statement (READ COMMITTED) sees and scrubs their
	// rows;
	// a later writer waits for the erasure's lock and then reads the erased attendee.
	// Issue #38, invariant 15. (Its rows are not in the audit's count: it ran already.)
	private void eraseLateChanges(String eventId, List<String> attendees) {
		update(ERASE_CHANGES, eventId, attendees.toArray(new String[0]));
	}

	private void audit(String scope, String eventId, String attendeeId, String reason, String erasedBy, Instant now,
			Erasure.Counts counts) {
		this.jdbc.update(AUDIT, scope, eventId, attendeeId, reason, erasedBy, Timestamp.from(now), counts.attendees(),
				counts.checkIns(), counts.rejections(), counts.changes(), counts.badgeJobs(), counts.annulments());
	}

	// parameters bound in order; a String[] as a text[]
	private int update(String sql, Object... parameters) {
		Integer count = this.jdbc.execute((Connection connection) -> {
			PreparedStatement statement = connection.prepareStatement(sql);
			for (int i = 0; i < parameters.length; i++) {
				Object parameter = parameters[i];
				if (parameter instanceof String[] array) {
					Array sqlArray = connection.createArrayOf("text", array);
					statement.setArray(i + 1, sqlArray);
				}
				else if (parameter == null || parameter instanceof String) {
					statement.setString(i + 1, (String) parameter);
				}
				else {
					statement.setObject(i + 1, parameter);
				}
			}
			return statement;
		}, (PreparedStatement statement) -> {
			if (statement.execute()) {
				int rows = 0;
				try (var rs = statement.getResultSet()) {
					while (rs.next()) {
						rows++;
					}
				}
				return rows;
			}
			return statement.getUpdateCount();
		});
		return (count != null) ? count : 0;
	}

	private Instant now() {
		return this.jdbc.queryForObject("SELECT now()", Timestamp.class).toInstant();
	}

	// a deadlock with a desk correction or a kiosk's check-in of the same attendee rolls
	// the erasure back: it runs again
	private Erasure retrying(Supplier<Erasure> erasure) {
		for (int attempt = 1;; attempt++) {
			try {
				return this.transactions.execute((status) -> erasure.get());
			}
			catch (PessimisticLockingFailureException ex) {
				if (attempt >= ATTEMPTS) {
					throw ex;
				}
			}
		}
	}

}
