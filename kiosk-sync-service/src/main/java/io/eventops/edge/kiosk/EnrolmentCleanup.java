package io.eventops.edge.kiosk;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Deletes enrolment codes used or expired more than a day ago (issue #37): they can enrol
 * nothing any more, and a day keeps the answer to a code typed again the same morning a
 * 410 ({@code enrolment-code-used} or {@code -expired}) rather than a 404. Every
 * {@code eventops.edge.enrolment.cleanup-interval}, on one replica at a time (ShedLock);
 * the statement itself is idempotent, so two runs that raced would delete the same rows
 * once.
 */
@Component
class EnrolmentCleanup {

	private static final Logger logger = LoggerFactory.getLogger(EnrolmentCleanup.class);

	private final JdbcTemplate jdbc;

	EnrolmentCleanup(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	// the interval is EnrolmentProperties.cleanupInterval (validated there); the
	// placeholder's default is the same
	@Scheduled(fixedDelayString = "${eventops.edge.enrolment.cleanup-interval:1h}", initialDelayString = "10s")
	@SchedulerLock(name = "edge.enrolment-cleanup", lockAtMostFor = "PT10M", lockAtLeastFor = "PT1S")
	void scheduled() {
		int deleted = deleteStale();
		if (deleted > 0) {
			logger.info("deleted {} enrolment codes used or expired more than a day ago", deleted);
		}
	}

	/**
	 * Deletes the codes used or expired more than a day ago, by the database's clock.
	 * @return how many
	 */
	int deleteStale() {
		return this.jdbc.update("""
				DELETE FROM edge.enrolments
				WHERE used_at < now() - interval '1 day' OR expires_at < now() - interval '1 day'""");
	}

}
