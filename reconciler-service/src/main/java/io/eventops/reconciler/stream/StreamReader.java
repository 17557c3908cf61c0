package io.eventops.reconciler.stream;

import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.web.Refusal.Kind;
import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads a consistent snapshot of an event with the {@code streamSeq} it reflects, and the
 * changes after a {@code streamSeq}.
 */
@Component
class StreamReader {

	// one row at least: the horizon (null before the first prune), with the page's
	// changes, if any, beside it
	private static final String CHANGES_AND_HORIZON = """
			SELECT h.pruned_through, c.stream_seq, c.kind, c.attendee::text, c.policy::text
			FROM (SELECT (SELECT pruned_through FROM reconciler.change_log_horizon WHERE event_id = ?)
			  AS pruned_through) h
			LEFT JOIN LATERAL (
			  SELECT stream_seq, kind, attendee, policy FROM reconciler.change_log
			  WHERE event_id = ? AND stream_seq > ? ORDER BY stream_seq LIMIT ?) c ON true
			ORDER BY c.stream_seq""";

	private final JdbcTemplate jdbc;

	private final JsonMapper json;

	private final TransactionTemplate snapshotTransactions;

	StreamReader(JdbcTemplate jdbc, JsonMapper json, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.json = json;
		this.snapshotTransactions = new TransactionTemplate(transactions);
		this.snapshotTransactions.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
		this.snapshotTransactions.setReadOnly(true);
	}

	/**
	 * A snapshot: state and {@code streamSeq} read in one repeatable-read transaction, so
	 * that every change the state reflects is at or below the {@code streamSeq} and every
	 * later one above it; the {@code streamSeq} is never below the event's prune horizon,
	 * so the changes after it are never refused as pruned.
	 */
	Snapshot snapshot(String eventId) {
		return this.snapshotTransactions.execute((status) -> {
			// at least the horizon: when every change of the event was pruned (imported
			// more than the retention before the doors open), the changes after the
			// newest one kept would be refused as pruned, and the cache would take
			// snapshot after snapshot; every change up to the horizon committed before
			// this snapshot, so the state reflects it
			Long seq = this.jdbc.queryForObject(
					"""
							SELECT greatest(
							  (SELECT coalesce(max(stream_seq), 0) FROM reconciler.change_log WHERE event_id = ?),
							  (SELECT coalesce(max(pruned_through), 0) FROM reconciler.change_log_horizon WHERE event_id = ?))""",
					Long.class, eventId, eventId);
			List<AttendeeState> attendees = this.jdbc.query("SELECT " + ChangeLog.ATTENDEE_JSON + """
					::text FROM reconciler.attendees a
					LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
					WHERE a.event_id = ? ORDER BY a.attendee_id""", (rs, n) -> state(rs.getString(1)), eventId);
			PolicyState policy = this.jdbc
				.query("""
						SELECT version, policy::text FROM reconciler.event_policies WHERE event_id = ?
						ORDER BY version DESC LIMIT 1""",
						(rs, n) -> new PolicyState(rs.getLong(1), this.json.readTree(rs.getString(2))), eventId)
				.stream()
				.findFirst()
				.orElse(null);
			return new Snapshot(eventId, seq, policy, attendees);
		});
	}

	/**
	 * The changes after a position, at once: waiting for new ones is the edge's, which
	 * parks its kiosks' requests until a change notification ({@link ChangeLog#CHANNEL})
	 * instead of holding a thread here polling the database.
	 */
	Changes changes(String eventId, long after, int limit) {
		// the horizon and the page in one statement, so of one snapshot: a prune commits
		// its deletes and its horizon together, so a page either misses nothing or is
		// refused (two statements would let a prune commit between them, and the page
		// would step over the changes it dropped)
		Long[] horizon = new Long[1];
		List<Change> changes = new ArrayList<>();
		this.jdbc.query(CHANGES_AND_HORIZON, (ResultSet rs) -> {
			long pruned = rs.getLong(1);
			horizon[0] = rs.wasNull() ? null : pruned;
			long seq = rs.getLong(2);
			if (!rs.wasNull()) {
				String attendee = rs.getString(4);
				String policy = rs.getString(5);
				changes.add(new Change(seq, ChangeKind.valueOf(rs.getString(3)),
						(attendee != null) ? state(attendee) : null, (policy != null) ? policy(policy) : null));
			}
		}, eventId, eventId, after, limit);
		if (horizon[0] != null && after < horizon[0]) {
			throw new DomainException(Kind.GONE, ReconcilerProblem.RESYNC, "Too far behind",
					"Changes up to " + horizon[0] + " were pruned; take a new snapshot.");
		}
		long last = changes.isEmpty() ? after : changes.get(changes.size() - 1).streamSeq();
		return new Changes(changes, last);
	}

	private AttendeeState state(String attendeeJson) {
		JsonNode node = this.json.readTree(attendeeJson);
		return new AttendeeState(node.get("attendeeId").asString(), text(node, "displayName"), text(node, "company"),
				text(node, "tier"), node.get("checkedIn").asBoolean(), text(node, "checkedInBy"),
				node.get("credentialVersion").asInt(), text(node, "checkedInAt"), text(node, "email"),
				text(node, "ticketType"), movements(node.get("movements")));
	}

	private static List<AttendeeState.MovementState> movements(JsonNode movements) {
		if (movements == null || movements.isNull()) {
			return null;
		}
		List<AttendeeState.MovementState> states = new ArrayList<>();
		for (JsonNode movement : movements) {
			states.add(new AttendeeState.MovementState(text(movement, "key"), text(movement, "type"),
					text(movement, "areaId"), text(movement, "capturedAt"), text(movement, "annuls")));
		}
		return states;
	}

	private PolicyState policy(String changeJson) {
		JsonNode node = this.json.readTree(changeJson);
		return new PolicyState(node.get("version").asLong(), node.get("policy"));
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return (value == null || value.isNull()) ? null : value.asString();
	}

	/**
	 * A consistent copy of an event.
	 *
	 * @param eventId the event
	 * @param streamSeq the stream position it reflects
	 * @param policy the event's current policy version, {@code null} (written as such)
	 * when it has none
	 * @param attendees every attendee of the event
	 */
	record Snapshot(String eventId, long streamSeq, @JsonInclude(JsonInclude.Include.ALWAYS) PolicyState policy,
			List<AttendeeState> attendees) {
	}

	/**
	 * A page of changes.
	 *
	 * @param changes the changes, in increasing {@code streamSeq}
	 * @param lastStreamSeq the position to continue after
	 */
	record Changes(List<Change> changes, long lastStreamSeq) {
	}

}
