package io.eventops.drills.check;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.agent.AgentStatus;
import io.eventops.drills.stack.AdminApi;
import io.eventops.drills.stack.Database;
import tools.jackson.databind.JsonNode;

/**
 * The check-in invariants of ARCHITECTURE.md after every kiosk drained: nothing lost,
 * nothing duplicated, head-count exact, watermarks right; read from the reconciler's
 * tables, the edge's kiosk view and the kiosks' own logs.
 */
public final class CheckInInvariants {

	private CheckInInvariants() {
	}

	/**
	 * Runs the checks.
	 * @param database the suite's database
	 * @param admin the suite's APIs
	 * @param eventId the drill's event
	 * @param recorded attendee by kiosk and seq, as the kiosks recorded them
	 * @param outcomes the last outcome each kiosk got, by kiosk and seq
	 * @param statuses the kiosks' statuses
	 * @param plannedRejections entries the drill made to be rejected
	 * @return the checks
	 */
	public static Checks run(Database database, AdminApi admin, String eventId, Map<String, Map<Long, String>> recorded,
			Map<String, Map<Long, String>> outcomes, Map<String, AgentStatus> statuses, long plannedRejections) {
		return run(database, admin, eventId, recorded, outcomes, statuses, plannedRejections, null);
	}

	/**
	 * Runs the checks for an event whose policy prints badges at one area only (issue
	 * #35): the badge jobs are those of the attendees admitted there.
	 * @param database the suite's database
	 * @param admin the suite's APIs
	 * @param eventId the drill's event
	 * @param recorded attendee by kiosk and seq, as the kiosks recorded them
	 * @param outcomes the last outcome each kiosk got, by kiosk and seq
	 * @param statuses the kiosks' statuses
	 * @param plannedRejections entries the drill made to be rejected
	 * @param badgeAttendees the attendees admitted at the area that prints badges, or
	 * {@code null} when every checked-in attendee gets one (no policy)
	 * @return the checks
	 */
	public static Checks run(Database database, AdminApi admin, String eventId, Map<String, Map<Long, String>> recorded,
			Map<String, Map<Long, String>> outcomes, Map<String, AgentStatus> statuses, long plannedRejections,
			Set<String> badgeAttendees) {
		Checks checks = new Checks();
		long entries = recorded.values().stream().mapToLong(Map::size).sum();
		long acknowledged = outcomes.values().stream().mapToLong(Map::size).sum();
		long pending = statuses.values().stream().mapToLong(AgentStatus::pending).sum();
		long dead = statuses.values().stream().mapToLong((s) -> s.deadLetters().size()).sum();
		checks.add(Check.equal("every recorded entry acknowledged by the edge (nothing pending, no dead letter)",
				entries + " acked, 0 pending, 0 dead",
				acknowledged + " acked, " + pending + " pending, " + dead + " dead"));
		String[] kiosks = recorded.keySet().toArray(String[]::new);
		checks.add(Check.equal("every idempotency key applied exactly once (reconciler.processed_entries)", entries,
				database.number("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ANY(?)",
						(Object) kiosks)));
		// a rejected entry whose answer was lost comes back DUPLICATE on the resend (same
		// key, same payload), so the quarantine, not the kiosk's last outcome, says what
		// was rejected
		Set<String> rejected = new HashSet<>(database
			.strings("SELECT idempotency_key FROM reconciler.rejections WHERE kiosk_id = ANY(?)", (Object) kiosks));
		checks.add(Check.equal("rejected entries (quarantine) = the entries made to be rejected", plannedRejections,
				rejected.size()));
		Set<String> expected = new HashSet<>();
		recorded.forEach((kiosk, bySeq) -> bySeq.forEach((seq, attendee) -> {
			if (!rejected.contains(kiosk + ":" + seq)) {
				expected.add(attendee);
			}
		}));
		long checkedIn = database.number("SELECT count(*) FROM reconciler.check_ins WHERE event_id = ?", eventId);
		checks.add(Check.equal("checked-in attendees = distinct attendees flushed, minus rejections", expected.size(),
				checkedIn));
		List<String> rows = database.strings("SELECT attendee_id FROM reconciler.check_ins WHERE event_id = ?",
				eventId);
		checks.add(Check.that("the checked-in attendees are exactly the flushed ones", "same set",
				new HashSet<>(rows).equals(expected) ? "same set" : "sets differ",
				new HashSet<>(rows).equals(expected)));
		checks.add(Check.equal("no attendee with two check-in rows", 0,
				database.number("SELECT count(*) FROM (SELECT attendee_id FROM reconciler.check_ins"
						+ " WHERE event_id = ? GROUP BY 1 HAVING count(*) > 1) d", eventId)));
		long jobs = database.number("SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = ?", eventId);
		long badges = (badgeAttendees != null) ? badgeAttendees.size() : expected.size();
		if (badgeAttendees != null) {
			List<String> jobRows = database.strings("SELECT attendee_id FROM reconciler.badge_jobs WHERE event_id = ?",
					eventId);
			checks.add(Check.that("badge jobs = the attendees admitted at the area that prints badges", "same set",
					new HashSet<>(jobRows).equals(badgeAttendees) ? "same set" : "sets differ",
					new HashSet<>(jobRows).equals(badgeAttendees)));
		}
		else {
			checks.add(Check.equal("badge jobs = checked-in attendees", checkedIn, jobs));
		}
		checks.add(Check.equal("no attendee with two badge jobs", 0,
				database.number("SELECT count(*) FROM (SELECT attendee_id FROM reconciler.badge_jobs"
						+ " WHERE event_id = ? GROUP BY 1 HAVING count(*) > 1) d", eventId)));
		if (badgeAttendees != null) {
			occupancy(checks, database, admin, eventId);
		}
		JsonNode headcount = admin.headcount(eventId);
		checks.add(Check.equal("head-count (API) checkedIn and badgeJobs exact", expected.size() + "/" + badges,
				headcount.path("checkedIn").asLong() + "/" + headcount.path("badgeJobs").asLong()));
		Map<String, JsonNode> edge = admin.kiosks();
		int wrong = 0;
		StringBuilder detail = new StringBuilder();
		for (Map.Entry<String, AgentStatus> kiosk : statuses.entrySet()) {
			long last = kiosk.getValue().lastSeq();
			JsonNode view = edge.get(kiosk.getKey());
			long server = (view != null) ? view.path("contiguousThroughSeq").asLong(-1) : -1;
			if (kiosk.getValue().watermark() != last || server != last) {
				wrong++;
				if (detail.length() < 200) {
					detail.append(kiosk.getKey())
						.append(" local ")
						.append(kiosk.getValue().watermark())
						.append(" edge ")
						.append(server)
						.append(" last ")
						.append(last)
						.append("; ");
				}
			}
		}
		checks.add(Check.that("every kiosk's watermark (local and edge contiguousThroughSeq) = its highest seq",
				"0 kiosks off", wrong + " kiosks off" + ((wrong > 0) ? ": " + detail : ""), wrong == 0));
		return checks;
	}

	// invariant 13: the occupancy the reconciler serves, per area, against the movements
	// themselves (each attendee's last admission or exit by capture time, annulled
	// admissions left out), counted here in SQL of its own
	private static void occupancy(Checks checks, Database database, AdminApi admin, String eventId) {
		List<String> areas = database.strings("SELECT DISTINCT area_id FROM reconciler.movements"
				+ " WHERE event_id = ? AND area_id IS NOT NULL ORDER BY 1", eventId);
		StringBuilder served = new StringBuilder();
		StringBuilder counted = new StringBuilder();
		for (String area : areas) {
			long inside = database.number("""
					SELECT count(*) FROM (SELECT DISTINCT ON (m.attendee_id) m.type FROM reconciler.movements m
					  WHERE m.event_id = ? AND m.area_id = ? AND m.type IN ('CHECK_IN', 'EXIT')
					    AND NOT EXISTS (SELECT 1 FROM reconciler.movements a WHERE a.attendee_id = m.attendee_id
					      AND a.type = 'ANNUL' AND a.annuls = m.idempotency_key)
					  ORDER BY m.attendee_id, m.captured_at DESC, m.kiosk_id COLLATE "C" DESC, m.seq DESC) s
					WHERE type = 'CHECK_IN'""", eventId, area);
			served.append(area)
				.append(' ')
				.append(admin.occupancy(eventId, area).path("inside").asLong(-1))
				.append("; ");
			counted.append(area).append(' ').append(inside).append("; ");
		}
		checks.add(Check.equal("inside per area (occupancy API) = the movements' last admissions", counted.toString(),
				served.toString()));
	}

}
