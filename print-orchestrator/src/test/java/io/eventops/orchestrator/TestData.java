package io.eventops.orchestrator;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.eventops.testsupport.CommonTestData;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Builders of the orchestrator's test data (badge jobs as the reconciler writes them),
 * beside the shared ones; every id is unique per call, so tests sharing a database never
 * collide.
 */
public final class TestData extends CommonTestData {

	static final String OPS_PASSWORD_PROPERTY = "eventops.security.ops-password=" + OPS_PASSWORD;

	static final String ADMIN_PASSWORD_PROPERTY = "eventops.security.admin-password=" + ADMIN_PASSWORD;

	/**
	 * The bearer token of {@code /internal/**} in every {@link OrchestratorTest} context
	 * (only the edge's reads use it; one context for all, issue #40).
	 */
	public static final String INTERNAL_TOKEN = "orchestrator-test-internal-token";

	static final String INTERNAL_TOKEN_PROPERTY = "eventops.security.internal-token=" + INTERNAL_TOKEN;

	private TestData() {
	}

	/**
	 * Creates badge jobs as the reconciler does: attendees in the registry, one outbox
	 * row per attendee, and once they committed a wake on the badge-job channel.
	 * @param jdbc the shared database
	 * @param pool the printer pool of the jobs
	 * @param count how many
	 * @return the jobs in creation order
	 */
	public static List<BadgeJob> badgeJobs(JdbcTemplate jdbc, String pool, int count) {
		return badgeJobs(jdbc, pool, count, null);
	}

	/**
	 * Inserts badge jobs straight into the reconciler's outbox for attendees of the given
	 * name.
	 * @param jdbc the shared database
	 * @param pool the printer pool
	 * @param count how many
	 * @param displayName the attendees' name, or {@code null} for {@code Name <id>}
	 * @return the jobs in creation order
	 */
	public static List<BadgeJob> badgeJobs(JdbcTemplate jdbc, String pool, int count, String displayName) {
		String eventId = unique("evt");
		jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", eventId);
		String prefix = unique("att");
		List<BadgeJob> jobs = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			jobs.add(new BadgeJob(UUID.randomUUID(), prefix + "_" + i));
		}
		jdbc.update("""
				INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, tier)
				SELECT id, ?, coalesce(?, 'Name ' || id), 'ACME', 'STANDARD' FROM unnest(?::text[]) AS id""", eventId,
				displayName, jobs.stream().map(BadgeJob::attendeeId).toArray(String[]::new));
		jdbc.update("""
				INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
					reason, created_at)
				SELECT j.job_id, j.attendee_id, ?, 1, ?, 'CHECK_IN', now() + j.n * interval '1 microsecond'
				FROM unnest(?::uuid[], ?::text[]) WITH ORDINALITY AS j (job_id, attendee_id, n)""", eventId, pool,
				jobs.stream().map(BadgeJob::jobId).toArray(UUID[]::new),
				jobs.stream().map(BadgeJob::attendeeId).toArray(String[]::new));
		wake(jdbc, pool);
		return jobs;
	}

	/**
	 * Wakes the relay as the reconciler does once badge jobs of a pool committed (#39:
	 * after the commit, in a statement of its own).
	 * @param jdbc the shared database
	 * @param pool the jobs' printer pool
	 */
	public static void wake(JdbcTemplate jdbc, String pool) {
		jdbc.queryForList("SELECT pg_notify('eventops_badge_jobs', ?)", pool);
	}

	/**
	 * Reprints an attendee's badge as the reconciler does: a new credential version and a
	 * REPRINT job for it, which revokes the old credential.
	 * @param jdbc the shared database
	 * @param job the attendee's earlier job
	 * @param pool the printer pool of the new job
	 * @return the new job
	 */
	public static BadgeJob reprint(JdbcTemplate jdbc, BadgeJob job, String pool) {
		UUID jobId = UUID.randomUUID();
		jdbc.update("""
				WITH reissued AS (
					UPDATE reconciler.attendees SET credential_version = credential_version + 1
					WHERE attendee_id = ? RETURNING attendee_id, event_id, credential_version)
				INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
					reason, reprint_reason)
				SELECT ?, attendee_id, event_id, credential_version, ?, 'REPRINT', 'badge lost' FROM reissued""",
				job.attendeeId(), jobId, pool);
		wake(jdbc, pool);
		return new BadgeJob(jobId, job.attendeeId());
	}

	/**
	 * Annuls the admission of a badge job as the reconciler does (#36): the outbox row is
	 * marked annulled.
	 * @param jdbc the shared database
	 * @param job the job
	 */
	public static void annul(JdbcTemplate jdbc, BadgeJob job) {
		jdbc.update("UPDATE reconciler.badge_jobs SET annulled_at = now() WHERE job_id = ?", job.jobId());
	}

	/**
	 * Records a ledger-only job in the reconciler's outbox as one whose admission was
	 * annulled (#36), for the ledger's own tests.
	 * @param jdbc the shared database
	 * @param jobId the ledger's job
	 */
	public static void annulledInOutbox(JdbcTemplate jdbc, UUID jobId) {
		String eventId = unique("evt");
		String attendeeId = unique("att");
		jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", eventId);
		jdbc.update("INSERT INTO reconciler.attendees (attendee_id, event_id, display_name) VALUES (?, ?, 'Ada')",
				attendeeId, eventId);
		jdbc.update("""
				INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
					reason, annulled_at)
				VALUES (?, ?, ?, 1, 'transitions', 'CHECK_IN', now())""", jobId, attendeeId, eventId);
		// the ledger has it already: out of the relay table, so no relay takes it again
		jdbc.update("DELETE FROM reconciler.badge_job_relay WHERE job_id = ?", jobId);
	}

	/**
	 * A badge job created for a test.
	 *
	 * @param jobId the job
	 * @param attendeeId its attendee
	 */
	public record BadgeJob(UUID jobId, String attendeeId) {
	}

}
