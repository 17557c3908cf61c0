package io.eventops.reconciler.headcount;

import java.util.List;

import io.eventops.reconciler.web.DomainException;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Answers the head-count of an event straight from the tables of record.
 */
@RestController
class HeadcountController {

	private static final String COUNTS = """
			SELECT (SELECT count(*) FROM reconciler.attendees WHERE event_id = e.event_id),
			  (SELECT count(*) FROM reconciler.check_ins WHERE event_id = e.event_id),
			  (SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = e.event_id AND annulled_at IS NULL),
			  (SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = e.event_id AND reason = 'REPRINT')
			FROM reconciler.events e WHERE e.event_id = ?""";

	private final JdbcTemplate jdbc;

	HeadcountController(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@GetMapping("/admin/v1/events/{eventId}/headcount")
	Headcount headcount(@PathVariable String eventId) {
		List<Headcount> found = this.jdbc.query(COUNTS,
				(rs, n) -> new Headcount(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)), eventId);
		return found.stream().findFirst().orElseThrow(() -> DomainException.notFound("Event", eventId));
	}

	/**
	 * The counts of one event.
	 *
	 * @param registered attendees in the registry
	 * @param checkedIn distinct attendees checked in
	 * @param badgeJobs badge jobs created, but those of annulled admissions (#36)
	 * @param reprints of those, explicit reprints
	 */
	record Headcount(long registered, long checkedIn, long badgeJobs, long reprints) {
	}

}
