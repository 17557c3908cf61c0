package io.eventops.orchestrator.ledger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relay from the reconciler's outbox into the print ledger, against real PostgreSQL
 * with both services' migrations: every job is copied exactly once (invariant 7), a pass
 * takes only what is new, concurrent relays take disjoint jobs, a rolled-back pass loses
 * nothing, and each pool is taken on its own, its backlog visible before it is taken.
 * Live jobs (a check-in captured as it was applied, issue #24) are taken ahead of an
 * older backlog of their pool, but only of jobs at most {@code live-ahead} older than
 * themselves, so no backlog job starves; a zero {@code live-ahead} is oldest first.
 */
class OutboxRelayTests {

	private static final Duration LIVE_AHEAD = Duration.ofMinutes(5);

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
		// each test starts from an outbox the ledger has caught up with
		this.ledger = new PrintLedger(jdbc);
		for (String pool : this.ledger.outboxBacklog().keySet()) {
			for (int pass = 0; pass < 100 && this.ledger.relayFromOutbox(pool, 1000).taken() > 0; pass++) {
				// drain; bounded, so that a relay that stopped removing jobs fails
				// instead
				// of hanging
			}
		}
	}

	@Test
	void everyJobIsCopiedOnceAndAPassTakesOnlyWhatIsNew() {
		List<TestData.BadgeJob> jobs = TestData.badgeJobs(jdbc, "hall", 250);

		List<Integer> taken = new ArrayList<>();
		List<UUID> inserted = new ArrayList<>();
		PrintLedger.Relayed pass;
		do {
			pass = this.ledger.relayFromOutbox("hall", 100);
			taken.add(pass.taken());
			inserted.addAll(pass.inserted());
		}
		while (pass.taken() > 0 && taken.size() < 10);

		assertThat(taken).containsExactly(100, 100, 50, 0);
		// oldest first, each once
		assertThat(inserted).containsExactlyElementsOf(jobs.stream().map(TestData.BadgeJob::jobId).toList());
		assertThat(pendingInLedger(jobs)).isEqualTo(250);
		assertThat(untaken()).isZero();
	}

	@Test
	void concurrentRelaysTakeDisjointJobs() throws Exception {
		List<TestData.BadgeJob> jobs = TestData.badgeJobs(jdbc, "hall", 2000);
		// every tenth live, so that the live-first take runs concurrently too
		live(jobs.stream().filter((job) -> jobs.indexOf(job) % 10 == 9).toList());
		List<Callable<List<UUID>>> relays = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			relays.add(() -> {
				PrintLedger replica = new PrintLedger(new JdbcTemplate(dataSource));
				List<UUID> mine = new ArrayList<>();
				for (int pass = 0; pass < 200; pass++) {
					PrintLedger.Relayed relayed = replica.relayFromOutbox("hall", 50, LIVE_AHEAD);
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

		assertThat(all).hasSize(2000).doesNotHaveDuplicates();
		assertThat(new HashSet<>(all)).isEqualTo(ids(jobs));
		assertThat(pendingInLedger(jobs)).isEqualTo(2000);
	}

	@Test
	void aRolledBackPassLosesNothing() {
		List<TestData.BadgeJob> jobs = TestData.badgeJobs(jdbc, "hall", 30);
		TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));

		transaction.executeWithoutResult((status) -> {
			PrintLedger.Relayed pass = new PrintLedger(new JdbcTemplate(dataSource)).relayFromOutbox("hall", 100);
			assertThat(pass.inserted()).hasSize(30);
			// the ledger write fails after the take: both are undone together
			status.setRollbackOnly();
		});
		assertThat(pendingInLedger(jobs)).isZero();
		assertThat(untaken()).isEqualTo(30);

		assertThat(this.ledger.relayFromOutbox("hall", 100).inserted()).containsExactlyInAnyOrderElementsOf(ids(jobs));
	}

	@Test
	void aJobAlreadyInTheLedgerIsTakenButNotCopiedAgain() {
		List<TestData.BadgeJob> jobs = TestData.badgeJobs(jdbc, "hall", 3);
		// as after the migration that introduced the relay table: every earlier job is
		// offered once more
		jdbc.update("""
				INSERT INTO printing.print_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
					display_name, state, created_at)
				VALUES (?, ?, 'evt', 1, 'hall', 'Already', 'PENDING', now())""", jobs.get(0).jobId(),
				jobs.get(0).attendeeId());

		PrintLedger.Relayed pass = this.ledger.relayFromOutbox("hall", 100);

		assertThat(pass.taken()).isEqualTo(3);
		assertThat(pass.inserted()).containsExactly(jobs.get(1).jobId(), jobs.get(2).jobId());
		assertThat(jdbc.queryForObject("SELECT display_name FROM printing.print_jobs WHERE job_id = ?", String.class,
				jobs.get(0).jobId()))
			.isEqualTo("Already");
	}

	@Test
	void aPassDoesNotLookAtJobsItAlreadyCopied() {
		List<TestData.BadgeJob> jobs = TestData.badgeJobs(jdbc, "hall", 5);
		assertThat(this.ledger.relayFromOutbox("hall", 100).inserted()).hasSize(5);
		// printed jobs archived out of the ledger: comparing the whole outbox with the
		// ledger would copy (and print) them again
		jdbc.update("DELETE FROM printing.print_jobs WHERE job_id = ANY(?)",
				(Object) jobs.stream().map(TestData.BadgeJob::jobId).toArray(UUID[]::new));

		assertThat(this.ledger.relayFromOutbox("hall", 100).taken()).isZero();
		assertThat(pendingInLedger(jobs)).isZero();
	}

	@Test
	void eachPoolIsTakenOnItsOwn() {
		List<TestData.BadgeJob> busy = TestData.badgeJobs(jdbc, "hall-a", 300);
		List<TestData.BadgeJob> quiet = TestData.badgeJobs(jdbc, "hall-b", 2);

		// a pool behind a long backlog of another gets its own jobs at once
		assertThat(this.ledger.relayFromOutbox("hall-b", 10).inserted())
			.containsExactlyElementsOf(quiet.stream().map(TestData.BadgeJob::jobId).toList());
		assertThat(this.ledger.outboxBacklog()).containsEntry("hall-a", 300L).doesNotContainKey("hall-b");

		PrintLedger.Relayed first = this.ledger.relayFromOutbox("hall-a", 20);
		assertThat(first.inserted())
			.containsExactlyElementsOf(busy.subList(0, 20).stream().map(TestData.BadgeJob::jobId).toList());
		assertThat(this.ledger.outboxBacklog()).containsEntry("hall-a", 280L);
	}

	@Test
	void thePreviousReleasesGlobalTakeStillWorks() {
		// an orchestrator of the previous release calls take_badge_jobs(int) until it is
		// upgraded: every pool, oldest first
		List<TestData.BadgeJob> first = TestData.badgeJobs(jdbc, "hall-d", 2);
		List<TestData.BadgeJob> second = TestData.badgeJobs(jdbc, "hall-e", 1);

		assertThat(jdbc.queryForList("SELECT job_id FROM reconciler.take_badge_jobs(10)", UUID.class))
			.containsExactly(first.get(0).jobId(), first.get(1).jobId(), second.get(0).jobId());
		assertThat(this.ledger.outboxBacklog()).isEmpty();
	}

	@Test
	void untakenJobsCountAsPendingForOps() {
		List<TestData.BadgeJob> jobs = TestData.badgeJobs(jdbc, "hall-c", 5);
		this.ledger.relayFromOutbox("hall-c", 2);
		long pendingBefore = this.ledger.summary().get(JobState.PENDING);

		// three still in the outbox, two in the ledger: all five wait for a printer
		assertThat(this.ledger.pendingCount()).isEqualTo(pendingBefore);
		assertThat(pendingBefore).isGreaterThanOrEqualTo(5);
		TestData.BadgeJob untaken = jobs.get(4);
		assertThat(this.ledger.search(untaken.attendeeId(), null, 10)).singleElement().satisfies((job) -> {
			assertThat(job.jobId()).isEqualTo(untaken.jobId());
			assertThat(job.state()).isEqualTo(JobState.PENDING);
			assertThat(job.printerId()).isNull();
			assertThat(job.displayName()).isEqualTo("Name " + untaken.attendeeId());
		});
		assertThat(this.ledger.search(untaken.attendeeId(), JobState.QUEUED, 10)).isEmpty();
		TestData.BadgeJob taken = jobs.get(0);
		assertThat(this.ledger.search(taken.attendeeId(), null, 10)).extracting(PrintJob::jobId)
			.containsExactly(taken.jobId());
	}

	@Test
	void liveJobsAreTakenAheadOfTheirPoolsOlderBacklog() {
		List<TestData.BadgeJob> backlog = TestData.badgeJobs(jdbc, "hall", 50);
		List<TestData.BadgeJob> live = live(TestData.badgeJobs(jdbc, "hall", 3));
		List<TestData.BadgeJob> otherPool = live(TestData.badgeJobs(jdbc, "lobby", 2));

		PrintLedger.Relayed first = this.ledger.relayFromOutbox("hall", 10, LIVE_AHEAD);

		List<UUID> expected = new ArrayList<>(inOrder(live));
		expected.addAll(inOrder(backlog.subList(0, 7)));
		assertThat(first.taken()).isEqualTo(10);
		assertThat(first.inserted()).containsExactlyElementsOf(expected);
		// the rest oldest first, each once; the other pool's live jobs stay its own
		List<UUID> rest = new ArrayList<>();
		for (int pass = 0; pass < 10; pass++) {
			rest.addAll(this.ledger.relayFromOutbox("hall", 10, LIVE_AHEAD).inserted());
		}
		assertThat(rest).containsExactlyElementsOf(inOrder(backlog.subList(7, 50)));
		assertThat(this.ledger.relayFromOutbox("lobby", 10, LIVE_AHEAD).inserted())
			.containsExactlyElementsOf(inOrder(otherPool));
	}

	@Test
	void aBacklogJobWaitsAtMostLiveAheadForLiveOnes() {
		List<TestData.BadgeJob> backlog = TestData.badgeJobs(jdbc, "hall", 5);
		// the backlog was created 10 minutes before the live jobs
		jdbc.update("UPDATE reconciler.badge_job_relay SET created_at = created_at - interval '10 minutes'"
				+ " WHERE job_id = ANY(?)", (Object) inOrder(backlog).toArray(UUID[]::new));
		List<TestData.BadgeJob> live = live(TestData.badgeJobs(jdbc, "hall", 2));

		// 10 minutes is more than live-ahead: the live jobs wait their turn
		assertThat(this.ledger.relayFromOutbox("hall", 3, LIVE_AHEAD).inserted())
			.containsExactlyElementsOf(inOrder(backlog.subList(0, 3)));
		// with a live-ahead longer than that they go first
		List<UUID> expected = new ArrayList<>(inOrder(live));
		expected.add(backlog.get(3).jobId());
		assertThat(this.ledger.relayFromOutbox("hall", 3, Duration.ofMinutes(20)).inserted())
			.containsExactlyElementsOf(expected);
		assertThat(this.ledger.relayFromOutbox("hall", 3, LIVE_AHEAD).inserted())
			.containsExactly(backlog.get(4).jobId());
	}

	@Test
	void aZeroLiveAheadTakesOldestFirst() {
		List<TestData.BadgeJob> backlog = TestData.badgeJobs(jdbc, "hall", 5);
		List<TestData.BadgeJob> live = live(TestData.badgeJobs(jdbc, "hall", 2));
		List<UUID> expected = new ArrayList<>(inOrder(backlog));
		expected.addAll(inOrder(live));
		assertThat(this.ledger.relayFromOutbox("hall", 10, Duration.ZERO).inserted())
			.containsExactlyElementsOf(expected);
	}

	// marks jobs live, as the reconciler does for a check-in captured as it was applied
	private static List<TestData.BadgeJob> live(List<TestData.BadgeJob> jobs) {
		UUID[] ids = inOrder(jobs).toArray(UUID[]::new);
		jdbc.update("UPDATE reconciler.badge_jobs SET live = true WHERE job_id = ANY(?)", (Object) ids);
		jdbc.update("UPDATE reconciler.badge_job_relay SET live = true WHERE job_id = ANY(?)", (Object) ids);
		return jobs;
	}

	private static List<UUID> inOrder(List<TestData.BadgeJob> jobs) {
		return jobs.stream().map(TestData.BadgeJob::jobId).toList();
	}

	private static Set<UUID> ids(List<TestData.BadgeJob> jobs) {
		Set<UUID> ids = new HashSet<>();
		jobs.forEach((job) -> ids.add(job.jobId()));
		return ids;
	}

	private static int pendingInLedger(List<TestData.BadgeJob> jobs) {
		return jdbc.queryForObject(
				"SELECT count(*) FROM printing.print_jobs WHERE job_id = ANY(?) AND state = 'PENDING'", Integer.class,
				(Object) jobs.stream().map(TestData.BadgeJob::jobId).toArray(UUID[]::new));
	}

	private static int untaken() {
		return jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_job_relay", Integer.class);
	}

}
