package io.eventops.reconciler.access;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.eventops.reconciler.web.DomainException;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * What ops see of access control, straight from the tables of record: the admissions
 * flagged against the rules, and the counts per area.
 */
@RestController
class AccessReportController {

	private static final String OVERRIDES = """
			SELECT idempotency_key, attendee_id, area_id, captured_at, kiosk_id, server_reason, server_explanation,
			  judged_version
			FROM reconciler.movements WHERE event_id = ? AND against_rules
			ORDER BY captured_at, idempotency_key""";

	private static final String AREAS = """
			SELECT m.area_id, m.type, m.kiosk_reason, count(*), count(*) FILTER (WHERE m.against_rules)
			FROM reconciler.movements m WHERE m.event_id = ? AND m.type IN ('CHECK_IN', 'REFUSED')
			  AND NOT (m.type = 'CHECK_IN' AND EXISTS (SELECT 1 FROM reconciler.movements a
			    WHERE a.attendee_id = m.attendee_id AND a.type = 'ANNUL' AND a.annuls = m.idempotency_key))
			GROUP BY m.area_id, m.type, m.kiosk_reason""";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	private final AreaOccupancy occupancy;

	private final Clock clock;

	AccessReportController(JdbcTemplate jdbc, PolicyStore policies, AreaOccupancy occupancy, Clock clock) {
		this.jdbc = jdbc;
		this.policies = policies;
		this.occupancy = occupancy;
		this.clock = clock;
	}

	/**
	 * Who is inside an area of the event's current policy now, against its capacity
	 * (invariant 13), and today's admissions and exits there (the policy's zone).
	 * @param eventId the event
	 * @param areaId an area of the current policy
	 * @return the occupancy
	 */
	@GetMapping("/admin/v1/events/{eventId}/areas/{areaId}/occupancy")
	AreaOccupancy.OccupancyReading occupancy(@PathVariable String eventId, @PathVariable String areaId) {
		requireEvent(eventId);
		return this.occupancy.current(eventId, areaId, this.clock.instant());
	}

	/**
	 * The same occupancy for the edge (a kiosk's staff mode shows its own area's).
	 * @param eventId the event
	 * @param areaId an area of the current policy
	 * @return the occupancy
	 */
	@GetMapping("/internal/v1/events/{eventId}/areas/{areaId}/occupancy")
	AreaOccupancy.OccupancyReading internalOccupancy(@PathVariable String eventId, @PathVariable String areaId) {
		return occupancy(eventId, areaId);
	}

	@GetMapping("/admin/v1/events/{eventId}/rule-overrides")
	List<RuleOverride> ruleOverrides(@PathVariable String eventId) {
		requireEvent(eventId);
		return this.jdbc.query(OVERRIDES, (rs, n) -> new RuleOverride(rs.getString(1), rs.getString(2), rs.getString(3),
				rs.getTimestamp(4).toInstant(), rs.getString(5), rs.getString(6), rs.getString(7), rs.getLong(8)),
				eventId);
	}

	@GetMapping("/admin/v1/events/{eventId}/areas")
	Areas areas(@PathVariable String eventId) {
		requireEvent(eventId);
		// the current policy's areas in its order, with none recorded yet; then any area
		// only an older version or an entry names
		Map<String, Counting> byArea = new LinkedHashMap<>();
		this.policies.currentCompiled(eventId)
			.ifPresent(
					(policy) -> policy.policy().areas().forEach((area) -> byArea.put(area.areaId(), new Counting())));
		this.jdbc.query(AREAS, (rs) -> {
			String area = (rs.getString(1) != null) ? rs.getString(1) : "";
			Counting counting = byArea.computeIfAbsent(area, (key) -> new Counting());
			if ("CHECK_IN".equals(rs.getString(2))) {
				counting.admitted += rs.getLong(4);
				counting.againstRules += rs.getLong(5);
			}
			else {
				String reason = (rs.getString(3) != null) ? rs.getString(3) : "UNKNOWN";
				counting.refused.merge(reason, rs.getLong(4), Long::sum);
			}
		}, eventId);
		List<AreaCounts> areas = new ArrayList<>();
		byArea.forEach((area, counting) -> areas
			.add(new AreaCounts(area, counting.admitted, counting.refused, counting.againstRules)));
		return new Areas(areas);
	}

	private void requireEvent(String eventId) {
		Long events = this.jdbc.queryForObject("SELECT count(*) FROM reconciler.events WHERE event_id = ?", Long.class,
				eventId);
		if (events == 0) {
			throw DomainException.notFound("Event", eventId);
		}
	}

	/**
	 * The counts of every area of an event.
	 *
	 * @param areas the current policy's areas first, in its order
	 */
	record Areas(List<AreaCounts> areas) {
	}

	private static final class Counting {

		private long admitted;

		private long againstRules;

		private final Map<String, Long> refused = new TreeMap<>();

	}

}
