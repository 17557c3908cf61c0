package io.eventops.orchestrator.ledger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import io.eventops.orchestrator.PrintInfrastructureInitializer;
import io.eventops.orchestrator.TestData;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live badge jobs (a check-in captured as it was applied, issue #24) are taken from the
 * reconciler's outbox ahead of an older backlog of their pool, against real PostgreSQL
 * with both services' migrations: ahead only of jobs at most {@code live-ahead} older
 * than themselves, so no backlog job starves; oldest first with a zero
 * {@code live-ahead}; every job taken exactly once, also by concurrent replicas
 * (invariant 7).
 */
class LiveFirstRelayTests {

	private static final Duration AHEAD = Duration.ofMinutes(5);

	private static DataSource dataSource;

	private static JdbcTemplate jdbc;

	private PrintLedger ledger;

	@BeforeAll
	static void database() {
		TestDatabase database = TestInfrastructure.freshDatabase();
		PrintInfrastructureInitializer.migrateReconciler(database.jdbcUrl(), database.user(), database.password());
		PrintInfrastructureInitializer.migratePrinting(database.jdbcUrl(), database.user(), database.password());
		dataSource = new SimpleDriverDataSource(new org.postgresql.Driver(), database.jdbcUrl(), database.user(),
				database.password());
		jdbc = new JdbcTemplate(dataSource);
	}

	@BeforeEach
	void emptyOutbox() {
		this.ledger = new PrintLedger(jdbc);
		for (String pool : this.ledger.outboxBacklog().keySet()) {
			for (int pass = 0; pass < 100 && this.ledger.relayFromOutbox(pool, 1000).taken() > 0; pass++) {
				// drain; bounded, so that a relay that stopped removing jobs fails
			}
		}
	}

	@Test
	void liveJobsAreTakenAheadOfTheirPoolsOlderBacklog() {
		List<TestData.BadgeJob> backlog = TestData.badgeJobs(jdbc, "hall", 50);
		List<TestData.BadgeJob> live = live(TestData.badgeJobs(jdbc, "hall", 3));
		List<TestData.BadgeJob> otherPool = live(TestData.badgeJobs(jdbc, "lobby", 2));

		PrintLedger.Relayed first = this.ledger.relayFromOutbox("hall", 10, AHEAD);

		List<UUID> expected = new ArrayList<>(ids(live));
		expected.addAll(ids(backlog.subList(0, 7)));
		assertThat(first.taken()).isEqualTo(10);
		assertThat(first.inserted()).containsExactlyElementsOf(expected);
		// the rest oldest first, each once; the other pool's live jobs stay its own
		List<UUID> rest = new ArrayList<>();
		for (int pass = 0; pass < 10; pass++) {
			rest.addAll(this.ledger.relayFromOutbox("hall", 10, AHEAD).inserted());
		}
		assertThat(rest).containsExactlyElementsOf(ids(backlog.subList(7, 50)));
		assertThat(this.ledger.relayFromOutbox("lobby", 10, AHEAD).inserted())
			.containsExactlyElementsOf(ids(otherPool));
	}

	@Test
	void aBacklogJobWaitsAtMostLiveAheadForLiveOnes() {
		List<TestData.BadgeJob> backlog = TestData.badgeJobs(jdbc, "hall", 5);
		// the backlog was created 10 minutes before the live jobs
		jdbc.update("UPDATE reconciler.badge_job_relay SET created_at = created_at - interval '10 minutes'"
				+ " WHERE job_id = ANY(?)", (Object) ids(backlog).toArray(UUID[]::new));
		List<TestData.BadgeJob> live = live(TestData.badgeJobs(jdbc, "hall", 2));

		// 10 minutes is more than live-ahead: the live jobs wait their turn
		assertThat(this.ledger.relayFromOutbox("hall", 3, AHEAD).inserted())
			.containsExactlyElementsOf(ids(backlog.subList(0, 3)));
		// with a live-ahead longer than that they go first
		List<UUID> expected = new ArrayList<>(ids(live));
		expected.add(backlog.get(3).jobId());
		assertThat(this.ledger.relayFromOutbox("hall", 3, Duration.ofMinutes(20)).inserted())
			.containsExactlyElementsOf(expected);
		assertThat(this.ledger.relayFromOutbox("hall", 3, AHEAD).inserted()).containsExactly(backlog.get(4).jobId());
	}

	@Test
	void aZeroLiveAheadTakesOldestFirst() {
		List<TestData.BadgeJob> backlog = TestData.badgeJobs(jdbc, "hall", 5);
		List<TestData.BadgeJob> live = live(TestData.badgeJobs(jdbc, "hall", 2));
		List<UUID> expected = new ArrayList<>(ids(backlog));
		expected.addAll(ids(live));
		assertThat(this.ledger.relayFromOutbox("hall", 10, Duration.ZERO).inserted())
			.containsExactlyElementsOf(expected);
	}

	@Test
	void concurrentReplicasTakeEveryJobOnceLiveOnesFirst() throws Exception {
		List<TestData.BadgeJob> backlog = TestData.badgeJobs(jdbc, "hall", 1000);
		List<TestData.BadgeJob> live = live(TestData.badgeJobs(jdbc, "hall", 100));
		List<Callable<List<UUID>>> relays = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			relays.add(() -> {
				PrintLedger replica = new PrintLedger(new JdbcTemplate(dataSource));
				List<UUID> mine = new ArrayList<>();
				for (int pass = 0; pass < 400; pass++) {
					PrintLedger.Relayed relayed = replica.relayFromOutbox("hall", 25, AHEAD);
					mine.addAll(relayed.inserted());
					if (relayed.taken() == 0) {
						break;
					}
				}
				return mine;
			});
		}
		List<UUID> all = new ArrayList<>();
		try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
			for (Future<List<UUID>> relay : pool.invokeAll(relays)) {
				all.addAll(relay.get());
			}
		}
		List<UUID> every = new ArrayList<>(ids(backlog));
		every.addAll(ids(live));
		assertThat(all).hasSize(1100).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(every);
		assertThat(jdbc.queryForObject("SELECT count(*) FROM printing.print_jobs WHERE job_id = ANY(?)", Long.class,
				(Object) every.toArray(UUID[]::new)))
			.isEqualTo(1100);
	}

	// marks jobs live, as the reconciler does for a check-in captured as it was applied
	private static List<TestData.BadgeJob> live(List<TestData.BadgeJob> jobs) {
		UUID[] ids = ids(jobs).toArray(UUID[]::new);
		jdbc.update("UPDATE reconciler.badge_jobs SET live = true WHERE job_id = ANY(?)", (Object) ids);
		jdbc.update("UPDATE reconciler.badge_job_relay SET live = true WHERE job_id = ANY(?)", (Object) ids);
		return jobs;
	}

	private static List<UUID> ids(List<TestData.BadgeJob> jobs) {
		return jobs.stream().map(TestData.BadgeJob::jobId).toList();
	}

}
