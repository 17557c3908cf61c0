package io.eventops.orchestrator.ledger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Erases the ledger's copies of the badge text (issue #38): for each erasure of the
 * reconciler ({@code reconciler.erasure_feed()}) not applied yet, the print jobs of the
 * erased attendee, or of every attendee of an erased event, lose their name and company;
 * ids, states, printers, attempts and times stay, so the print history does. Each erasure
 * is applied once across replicas and restarts by its row in
 * {@code printing.applied_erasures}; a second replica running the same pass waits on the
 * first's rows and finds nothing left to empty.
 */
@Component
public class BadgeTextErasure {

	private static final Logger logger = LoggerFactory.getLogger(BadgeTextErasure.class);

	private final JdbcTemplate jdbc;

	BadgeTextErasure(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Applies the erasures not applied yet.
	 * @return what the pass did
	 */
	public Applied applyOnce() {
		return this.jdbc.queryForObject("""
				WITH due AS (
					SELECT f.erasure_id, f.event_id, f.attendee_id FROM reconciler.erasure_feed() f
					WHERE NOT EXISTS (SELECT 1 FROM printing.applied_erasures a WHERE a.erasure_id = f.erasure_id)
				), emptied AS (
					UPDATE printing.print_jobs p SET display_name = '', company = NULL
					FROM due d
					WHERE (p.display_name <> '' OR p.company IS NOT NULL)
						AND CASE WHEN d.attendee_id IS NOT NULL THEN p.attendee_id = d.attendee_id
							ELSE p.event_id = d.event_id END
					RETURNING p.job_id
				), done AS (
					INSERT INTO printing.applied_erasures (erasure_id, print_jobs)
					SELECT d.erasure_id, (SELECT count(DISTINCT job_id) FROM emptied) FROM due d
					ON CONFLICT (erasure_id) DO NOTHING
					RETURNING erasure_id)
				SELECT (SELECT count(*) FROM done), (SELECT count(DISTINCT job_id) FROM emptied)""",
				(rs, n) -> new Applied(rs.getInt(1), rs.getInt(2)));
	}

	@Scheduled(initialDelay = 0, fixedDelayString = "${eventops.print.erasure-check:5s}")
	void check() {
		try {
			Applied applied = applyOnce();
			if (applied.erasures() > 0) {
				// counts only: the log never names a person (#38)
				logger.info("Applied {} erasures: badge text of {} print jobs emptied", applied.erasures(),
						applied.printJobs());
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Erasure pass failed: {}", ex.getMessage());
		}
	}

	/**
	 * What one pass did.
	 *
	 * @param erasures the erasures applied
	 * @param printJobs the print jobs whose badge text was emptied
	 */
	public record Applied(int erasures, int printJobs) {
	}

}
