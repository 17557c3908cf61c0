package io.eventops.reconciler.checkin;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract the print orchestrator's relay holds the reconciler to, against a real
 * PostgreSQL migrated by the reconciler's own migrations:
 * {@code reconciler.take_from_badge_job_outbox(max_jobs int, pool text)} returns feed
 * rows, runs with its owner's rights, takes one pool's oldest untaken jobs once
 * (invariant 7), gives them back when the taking transaction rolls back, and lets
 * concurrent callers take disjoint jobs. The old name {@code take_badge_jobs(int, text)}
 * takes the same way while orchestrators of the previous release run. The relay calls the
 * three-argument form (V12, issue #24), which takes a pool's live jobs first when they
 * were created at most {@code live_ahead} after its oldest untaken job.
 */
class TakeFromBadgeJobOutboxContractTests {

	private static final String FEED_COLUMNS = "job_id, attendee_id, event_id, credential_version, printer_pool, "
			+ "reason, created_at, display_name, company, tier";

	private static DriverManagerDataSource dataSource;

	private static JdbcTemplate jdbc;

	@BeforeAll
	static void migrate() {
		TestDatabase database = TestInfrastructure.freshDatabase();
		dataSource = new DriverManagerDataSource(database.jdbcUrl(), database.user(), database.password());
		Flyway.configure()
			.dataSource(dataSource)
			.schemas("reconciler")
			.defaultSchema("reconciler")
			.locations("classpath:db/migration/reconciler")
			.load()
			.migrate();
		jdbc = new JdbcTemplate(dataSource);
	}

	@Test
	void itsSignatureIsWhatTheOrchestratorCalls() {
		for (String name : List.of("take_from_badge_job_outbox", "take_badge_jobs")) {
			Map<String, Object> function = jdbc.queryForMap("""
					SELECT pg_get_function_identity_arguments(p.oid) AS arguments,
					  p.prorettype = 'reconciler.badge_job_feed'::regtype AS returns_feed_rows, p.proretset AS a_set,
					  p.prosecdef AS security_definer, p.provolatile AS volatility, p.proconfig AS settings
					FROM pg_proc p WHERE p.oid = to_regprocedure('reconciler.' || ? || '(integer, text)')""", name);
			assertThat(function).as(name)
				.containsEntry("arguments", "max_jobs integer, pool text")
				.containsEntry("returns_feed_rows", true)
				.containsEntry("a_set", true)
				.containsEntry("security_definer", true)
				.containsEntry("volatility", "v");
			assertThat(function.get("settings").toString()).as(name).contains("search_path=reconciler, pg_temp");
		}
		List<String> columns = jdbc.query("SELECT * FROM reconciler.take_from_badge_job_outbox(0, 'none')",
				(ResultSet rs) -> {
					List<String> names = new ArrayList<>();
					for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
						names.add(rs.getMetaData().getColumnName(i));
					}
					return names;
				});
		assertThat(String.join(", ", columns)).isEqualTo(FEED_COLUMNS);
	}

	@Test
	void itTakesAPoolsOldestJobsOnceAsFeedRows() {
		List<UUID> hallA = jobs("contract-a", "hall-a", 3);
		List<UUID> hallB = jobs("contract-b", "hall-b", 1);
		List<Map<String, Object>> first = jdbc
			.queryForList("SELECT * FROM reconciler.take_from_badge_job_outbox(2, 'hall-a')");
		assertThat(first).extracting((row) -> row.get("job_id")).containsExactly(hallA.get(0), hallA.get(1));
		assertThat(first.get(0)).containsEntry("display_name", "Attendee contract-a-0")
			.containsEntry("printer_pool", "hall-a")
			.containsEntry("reason", "CHECK_IN");
		assertThat(take("take_from_badge_job_outbox", 10, "hall-a")).containsExactly(hallA.get(2));
		assertThat(take("take_from_badge_job_outbox", 10, "hall-a")).isEmpty();
		assertThat(take("take_badge_jobs", 10, "hall-b")).as("the old name takes the same way")
			.containsExactly(hallB.get(0));
	}

	@Test
	void theLiveFirstTakeTheRelayCallsTakesALiveJobAheadOfOlderOnesWithinItsBound() {
		Map<String, Object> function = jdbc.queryForMap("""
				SELECT pg_get_function_identity_arguments(p.oid) AS arguments, p.prosecdef AS security_definer,
				  p.prorettype = 'reconciler.badge_job_feed'::regtype AS returns_feed_rows, p.proconfig AS settings
				FROM pg_proc p
				WHERE p.oid = to_regprocedure('reconciler.take_from_badge_job_outbox(integer, text, interval)')""");
		assertThat(function).containsEntry("arguments", "max_jobs integer, pool text, live_ahead interval")
			.containsEntry("security_definer", true)
			.containsEntry("returns_feed_rows", true);
		assertThat(function.get("settings").toString()).contains("search_path=reconciler, pg_temp");
		List<UUID> jobs = jobs("contract-d", "hall-d", 3);
		jdbc.update("UPDATE reconciler.badge_job_relay SET live = true WHERE job_id = ?", jobs.get(2));
		assertThat(takeLiveFirst(2, "hall-d", "5 minutes")).as("the live job first, then the oldest")
			.containsExactly(jobs.get(2), jobs.get(0));
		assertThat(takeLiveFirst(10, "hall-d", "0 seconds")).containsExactly(jobs.get(1));
		List<UUID> later = jobs("contract-e", "hall-e", 3);
		jdbc.update("UPDATE reconciler.badge_job_relay SET live = true WHERE job_id = ?", later.get(2));
		assertThat(takeLiveFirst(1, "hall-e", "1 second"))
			.as("created 2 s after the oldest untaken job: beyond the bound, so the oldest goes first")
			.containsExactly(later.get(0));
	}

	private static List<UUID> takeLiveFirst(int maxJobs, String pool, String liveAhead) {
		return jdbc.queryForList("SELECT job_id FROM reconciler.take_from_badge_job_outbox(?, ?, ?::interval)",
				UUID.class, maxJobs, pool, liveAhead);
	}

	@Test
	void aRolledBackTakePutsTheJobsBackAndConcurrentCallersTakeDisjointJobs() throws SQLException {
		List<UUID> jobs = jobs("contract-c", "hall-c", 2);
		try (Connection first = dataSource.getConnection(); Connection second = dataSource.getConnection()) {
			first.setAutoCommit(false);
			second.setAutoCommit(false);
			List<UUID> byFirst = take(first, 1, "hall-c");
			List<UUID> bySecond = take(second, 1, "hall-c");
			assertThat(byFirst).containsExactly(jobs.get(0));
			assertThat(bySecond).as("the first caller's job is locked: skipped, not waited for")
				.containsExactly(jobs.get(1));
			first.rollback();
			second.commit();
		}
		assertThat(take("take_from_badge_job_outbox", 10, "hall-c")).as("given back by the rollback")
			.containsExactly(jobs.get(0));
	}

	private static List<UUID> take(String function, int maxJobs, String pool) {
		return jdbc.queryForList("SELECT job_id FROM reconciler." + function + "(?, ?)", UUID.class, maxJobs, pool);
	}

	private static List<UUID> take(Connection connection, int maxJobs, String pool) throws SQLException {
		try (PreparedStatement statement = connection
			.prepareStatement("SELECT job_id FROM reconciler.take_from_badge_job_outbox(?, ?)")) {
			statement.setInt(1, maxJobs);
			statement.setString(2, pool);
			List<UUID> taken = new ArrayList<>();
			try (ResultSet rs = statement.executeQuery()) {
				while (rs.next()) {
					taken.add(rs.getObject(1, UUID.class));
				}
			}
			return taken;
		}
	}

	// jobs of one event and pool, created one second apart, oldest first
	private static List<UUID> jobs(String eventId, String pool, int count) {
		jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", eventId);
		Instant start = Instant.parse("2026-06-01T09:00:00Z");
		List<UUID> jobs = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String attendee = eventId + "-" + i;
			jdbc.update("INSERT INTO reconciler.attendees (attendee_id, event_id, display_name) VALUES (?, ?, ?)",
					attendee, eventId, "Attendee " + attendee);
			UUID job = UUID.randomUUID();
			jdbc.update("""
					INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
					  reason, created_at) VALUES (?, ?, ?, 1, ?, 'CHECK_IN', ?)""", job, attendee, eventId, pool,
					Timestamp.from(start.plusSeconds(i)));
			jobs.add(job);
		}
		return jobs;
	}

}
