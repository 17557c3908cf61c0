package io.eventops.reconciler.access;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.eventops.rules.decision.Movement;
import io.eventops.rules.decision.MovementType;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads the venue-wide movements of attendees from PostgreSQL in one statement, whatever
 * their number (the server reads prior entries set-based, never per entry).
 */
@Component
class MovementHistory {

	private static final String SELECT = """
			SELECT idempotency_key, attendee_id, type, area_id, captured_at, annuls, policy_version,
			  against_rules, server_verdict, server_reason, server_explanation, judged_version
			FROM reconciler.movements WHERE attendee_id = ANY(?::text[])""";

	private final JdbcTemplate jdbc;

	MovementHistory(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Every movement of the attendees, with what the server last judged of each.
	 * @param attendees the attendee ids
	 * @return the movements by attendee (absent when none)
	 */
	Map<String, List<Recorded>> of(Collection<String> attendees) {
		Map<String, List<Recorded>> byAttendee = new HashMap<>();
		if (attendees.isEmpty()) {
			return byAttendee;
		}
		this.jdbc.query((connection) -> {
			var statement = connection.prepareStatement(SELECT);
			statement.setArray(1, connection.createArrayOf("text", attendees.toArray()));
			return statement;
		}, (rs) -> {
			MovementType type = MovementType.valueOf(rs.getString("type"));
			// an entry of an event without its area (none named) counts in no area
			String area = rs.getString("area_id");
			Movement movement = new Movement(rs.getString("idempotency_key"), rs.getString("attendee_id"), type,
					(type == MovementType.ANNUL) ? null : ((area != null) ? area : ""),
					rs.getTimestamp("captured_at").toInstant(), rs.getString("annuls"));
			long version = rs.getLong("policy_version");
			Long policyVersion = rs.wasNull() ? null : version;
			long judged = rs.getLong("judged_version");
			Long judgedVersion = rs.wasNull() ? null : judged;
			byAttendee.computeIfAbsent(movement.attendeeId(), (key) -> new ArrayList<>())
				.add(new Recorded(movement, policyVersion, rs.getBoolean("against_rules"),
						rs.getString("server_verdict"), rs.getString("server_reason"),
						rs.getString("server_explanation"), judgedVersion));
		});
		return byAttendee;
	}

	/**
	 * One stored movement.
	 *
	 * @param movement the movement as the decision reads it
	 * @param policyVersion the version the kiosk decided under, or {@code null}
	 * @param againstRules whether it is flagged {@code ADMITTED_AGAINST_RULES}
	 * @param serverVerdict the server's last verdict, or {@code null} before the first
	 * @param serverReason its reason, or {@code null}
	 * @param serverExplanation its explanation, or {@code null}
	 * @param judgedVersion the version it was judged under, or {@code null}
	 */
	record Recorded(Movement movement, Long policyVersion, boolean againstRules, String serverVerdict,
			String serverReason, String serverExplanation, Long judgedVersion) {
	}

}
