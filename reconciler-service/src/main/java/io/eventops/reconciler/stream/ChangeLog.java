package io.eventops.reconciler.stream;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Appends changes inside the writer's transaction, as its last statements, and wakes the
 * event's waiting readers once it committed ({@link CommitWakes}). The per-event advisory
 * lock is held from taking the {@code streamSeq} until commit, so the changes of one
 * event commit in {@code streamSeq} order: plain sequence values would become visible out
 * of order under concurrent writers (invariant 10). It must run under READ COMMITTED, and
 * refuses to run under any other isolation.
 */
@Component
public class ChangeLog {

	// An attendee of an event with a policy (#35) also carries its ticket type and every
	// movement the kiosk's decision needs (refusals change no count and stay out); an
	// event without one carries neither (both null, left out of the JSON).

	static final String ATTENDEE_JSON = """
			jsonb_build_object('attendeeId', a.attendee_id,
			  'displayName', coalesce(c.desk_display_name, c.kiosk_display_name, a.display_name),
			  'company', coalesce(c.desk_company, c.kiosk_company, a.company),
			  'tier', coalesce(c.desk_tier, a.tier),
			  'checkedIn', c.attendee_id IS NOT NULL,
			  'checkedInBy', c.source_id,
			  'checkedInAt', c.captured_at,
			  'email', a.email,
			  'credentialVersion', a.credential_version,
			  'ticketType', a.ticket_type,
			  'movements', CASE WHEN EXISTS (SELECT 1 FROM reconciler.event_policies p WHERE p.event_id = a.event_id)
			    THEN coalesce((SELECT jsonb_agg(jsonb_build_object('key', m.idempotency_key, 'type', m.type,
			      'areaId', m.area_id, 'capturedAt', m.captured_at, 'annuls', m.annuls)
			      ORDER BY m.captured_at, m.idempotency_key)
			    FROM reconciler.movements m WHERE m.attendee_id = a.attendee_id AND m.type <> 'REFUSED'), '[]'::jsonb)
			  END)""";

	private static final String APPEND = """
			INSERT INTO reconciler.change_log (stream_seq, event_id, attendee_id, kind, attendee)
			SELECT nextval('reconciler.stream_seq'), a.event_id, a.attendee_id, t.kind, %s
			FROM unnest(?::text[], ?::text[]) WITH ORDINALITY AS t(attendee_id, kind, ord)
			JOIN reconciler.attendees a ON a.attendee_id = t.attendee_id
			LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
			ORDER BY t.ord""".formatted(ATTENDEE_JSON);

	/**
	 * The channel the edges LISTEN on, with the event id as payload. The notification is
	 * sent after the transaction committed and never for a rollback, so a woken kiosk
	 * cache finds the change; a lost one waits for the edge's safety poll (invariant 10).
	 */
	public static final String CHANNEL = "eventops_changes";

	// reconciler.require_read_committed() (V15) fails the append outside READ COMMITTED,
	// whose statement snapshot, taken once the lock is granted, the order rests on. No
	// pg_notify here (#39): it made the commit take PostgreSQL's cluster-wide notify lock
	// across its WAL flush, so every batch's commit waited for every other one's.
	private static final String LOCK_AND_APPEND = "SELECT reconciler.require_read_committed(), "
			+ "pg_advisory_xact_lock(hashtext('eventops.stream:' || ?));\n" + APPEND;

	private static final String LOCK_AND_APPEND_POLICY = "SELECT reconciler.require_read_committed(), "
			+ "pg_advisory_xact_lock(hashtext('eventops.stream:' || ?));\n" + """
					INSERT INTO reconciler.change_log (stream_seq, event_id, kind, policy)
					VALUES (nextval('reconciler.stream_seq'), ?, 'POLICY',
					  jsonb_build_object('version', ?::bigint, 'policy', ?::jsonb))""";

	private final JdbcTemplate jdbc;

	private final CommitWakes wakes;

	public ChangeLog(JdbcTemplate jdbc, CommitWakes wakes) {
		this.jdbc = jdbc;
		this.wakes = wakes;
	}

	/**
	 * Appends one change per attendee; call it last in a READ COMMITTED transaction (it
	 * takes the event's stream lock, held until commit).
	 * @param eventId the event all the attendees belong to
	 * @param changes the kind of change per attendee id
	 */
	public void append(String eventId, Map<String, ChangeKind> changes) {
		if (changes.isEmpty()) {
			return;
		}
		List<String> attendees = new ArrayList<>(changes.keySet());
		attendees.sort(null);
		List<String> kinds = attendees.stream().map((attendee) -> changes.get(attendee).name()).toList();
		// the lock and the insert go in one round trip: the server runs them in order,
		// and the insert takes its snapshot only once the lock is granted, so it still
		// sees every change committed before it in stream order. A round trip under the
		// lock holds up every other writer of the event.
		this.wakes.afterCommit(CHANNEL, eventId);
		this.jdbc.execute((Connection connection) -> {
			PreparedStatement statement = connection.prepareStatement(LOCK_AND_APPEND);
			statement.setString(1, eventId);
			statement.setArray(2, connection.createArrayOf("text", attendees.toArray()));
			statement.setArray(3, connection.createArrayOf("text", kinds.toArray()));
			return statement;
		}, PreparedStatement::execute);
	}

	/**
	 * Appends a new policy version of an event as a change of kind {@code POLICY} with no
	 * attendee; call it last in a READ COMMITTED transaction, as {@link #append}.
	 * @param eventId the event
	 * @param version the new version
	 * @param policyJson the policy as saved
	 */
	public void appendPolicy(String eventId, long version, String policyJson) {
		this.wakes.afterCommit(CHANNEL, eventId);
		this.jdbc.execute((Connection connection) -> {
			PreparedStatement statement = connection.prepareStatement(LOCK_AND_APPEND_POLICY);
			statement.setString(1, eventId);
			statement.setString(2, eventId);
			statement.setLong(3, version);
			statement.setString(4, policyJson);
			return statement;
		}, PreparedStatement::execute);
	}

}
