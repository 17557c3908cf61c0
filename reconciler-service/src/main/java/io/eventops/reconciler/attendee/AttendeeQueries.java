package io.eventops.reconciler.attendee;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.eventops.model.ordering.Origin;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads the attendee detail view from the registry, the winning check-in, the guard and
 * the outbox.
 */
@Component
public class AttendeeQueries {

	private static final String SELECT_ATTENDEE = """
			SELECT a.attendee_id, a.event_id, a.credential_version,
			  coalesce(c.desk_display_name, c.kiosk_display_name, a.display_name) AS display_name,
			  coalesce(c.desk_company, c.kiosk_company, a.company) AS company,
			  coalesce(c.desk_tier, a.tier) AS tier,
			  c.origin_rank, c.seq, c.source_id, c.captured_at,
			  coalesce(a.ticket_type, (SELECT p.policy -> 'ticketTypes' -> 0 ->> 'id' FROM reconciler.event_policies p
			    WHERE p.event_id = a.event_id ORDER BY p.version DESC LIMIT 1)) AS ticket_type
			FROM reconciler.attendees a LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
			WHERE a.attendee_id = ?""";

	private final JdbcTemplate jdbc;

	AttendeeQueries(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The detail view of an attendee.
	 * @param attendeeId the attendee
	 * @return the view, or empty when the attendee is not registered
	 */
	public Optional<AttendeeView> find(String attendeeId) {
		List<AttendeeView> found = this.jdbc.query(SELECT_ATTENDEE, (rs, n) -> {
			AttendeeView.WinningRecord winning = null;
			if (rs.getObject("origin_rank") != null) {
				winning = new AttendeeView.WinningRecord(Origin.ofRank(rs.getInt("origin_rank")).name(),
						rs.getString("source_id"), rs.getLong("seq"), rs.getTimestamp("captured_at").toInstant());
			}
			return new AttendeeView(rs.getString("attendee_id"), rs.getString("event_id"), rs.getString("display_name"),
					rs.getString("company"), rs.getString("tier"), rs.getString("ticket_type"),
					rs.getInt("credential_version"), winning != null, winning, history(attendeeId),
					badgeJobs(attendeeId), areas(attendeeId));
		}, attendeeId);
		return found.stream().findFirst();
	}

	private List<AttendeeView.HistoryEntry> history(String attendeeId) {
		return this.jdbc.query("""
				SELECT idempotency_key, outcome, reason, received_at FROM reconciler.processed_entries
				WHERE attendee_id = ? ORDER BY received_at, idempotency_key""",
				(rs, n) -> new AttendeeView.HistoryEntry(rs.getString(1), rs.getString(2), rs.getString(3),
						rs.getTimestamp(4).toInstant()),
				attendeeId);
	}

	private List<AttendeeView.AreaEntries> areas(String attendeeId) {
		Map<String, List<AttendeeView.AreaEntry>> byArea = new LinkedHashMap<>();
		this.jdbc.query("""
				SELECT coalesce(m.area_id, ''), m.idempotency_key, m.type, m.captured_at, m.kiosk_decision,
				  m.kiosk_reason, m.server_verdict, m.server_reason, m.against_rules,
				  (SELECT min(n.idempotency_key) FROM reconciler.movements n
				    WHERE n.attendee_id = m.attendee_id AND n.type = 'ANNUL' AND n.annuls = m.idempotency_key
				      AND m.type = 'CHECK_IN')
				FROM reconciler.movements m WHERE m.attendee_id = ? AND m.type <> 'ANNUL'
				ORDER BY m.area_id, m.captured_at, m.idempotency_key""", (rs) -> {
			byArea.computeIfAbsent(rs.getString(1), (area) -> new ArrayList<>())
				.add(new AttendeeView.AreaEntry(rs.getString(2), rs.getString(3), rs.getTimestamp(4).toInstant(),
						rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getBoolean(9),
						rs.getString(10)));
		}, attendeeId);
		if (byArea.isEmpty()) {
			return null;
		}
		List<AttendeeView.AreaEntries> areas = new ArrayList<>();
		byArea.forEach((area, entries) -> areas.add(new AttendeeView.AreaEntries(area, entries)));
		return areas;
	}

	private List<AttendeeView.BadgeJob> badgeJobs(String attendeeId) {
		return this.jdbc.query("""
				SELECT job_id, credential_version, annulled_at IS NOT NULL FROM reconciler.badge_jobs
				WHERE attendee_id = ? ORDER BY credential_version""",
				(rs, n) -> new AttendeeView.BadgeJob(rs.getString(1), rs.getInt(2), rs.getBoolean(3)), attendeeId);
	}

}
