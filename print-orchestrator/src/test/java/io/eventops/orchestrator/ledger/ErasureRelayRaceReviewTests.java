package io.eventops.orchestrator.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of #38 (invariant 15): an erasure that commits while the outbox relay takes a
 * job of the erased attendee. {@link BadgeTextErasure} cannot see the relay's uncommitted
 * row; if its pass ran between the erasure's commit and the relay's, it recorded the
 * erasure as applied and the relay then committed the name, for ever. Since the
 * reconciler's V29 the take locks the jobs' event and attendee rows {@code FOR SHARE}
 * before it reads the badge text, and an erasure locks them too (the event row first), so
 * the two wait for each other. Each test holds one side at one point on a real connection
 * and lets the other run; the erasure is done as the reconciler's
 * {@code privacy.Erasures} does it (event row {@code FOR NO KEY UPDATE}, attendee row
 * emptied, audit row).
 */
@OrchestratorTest
class ErasureRelayRaceReviewTests extends PrintFloorTest {

	private static final long SECONDS = 30;

	@Autowired
	BadgeTextErasure erasure;

	@Autowired
	PrintLedger ledger;

	@Autowired
	DataSource dataSource;

	// each side on a thread of its own (the common pool may have one on two cores)
	private final ExecutorService sides = Executors.newCachedThreadPool();

	@AfterEach
	void stopSides() {
		this.sides.shutdownNow();
	}

	// the relay's statement is stretched by a conflicting, uncommitted insert of the same
	// job id on another connection (its ON CONFLICT waits for it); the blocker rolls
	// back, so the row the relay commits is entirely its own
	@Test
	void anErasureDuringTheRelaysStatementLeavesNoNameInTheLedger() throws Exception {
		Race race = race("erase-race");
		CompletableFuture<PrintLedger.Relayed> relay;
		CompletableFuture<Long> erased;
		try (Connection blocker = this.dataSource.getConnection()) {
			blocker.setAutoCommit(false);
			try (PreparedStatement insert = blocker.prepareStatement("""
					INSERT INTO printing.print_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
						display_name, company, tier, state, created_at)
					VALUES (?, ?, ?, 1, ?, '', NULL, 'STANDARD', 'PENDING', now())""")) {
				insert.setObject(1, race.job().jobId());
				insert.setString(2, race.job().attendeeId());
				insert.setString(3, race.eventId());
				insert.setString(4, race.pool());
				insert.executeUpdate();
			}
			relay = CompletableFuture.supplyAsync(() -> this.ledger.relayFromOutbox(race.pool(), 10), this.sides);
			eventually().until(() -> waitsOnALock("%take_from_badge_job_outbox%"));

			erased = CompletableFuture.supplyAsync(() -> erase(race, null), this.sides);
			eventually().until(() -> erased.isDone() || waitsOnALock("%FOR NO KEY UPDATE%"));
			// a pass while the relay has not committed (it finds the erasure if it is in)
			this.erasure.applyOnce();

			blocker.rollback();
		}
		assertThat(relay.get(SECONDS, TimeUnit.SECONDS).inserted()).containsExactly(race.job().jobId());
		assertNoNameAfterPasses(race, erased.get(SECONDS, TimeUnit.SECONDS));
	}

	// the window the second statement of the relay's transaction left (its V25 check of
	// erasure_feed()): every statement ran, the commit has not. The relay runs in a
	// transaction of the test's (PrintLedger joins it) that commits only when told.
	@Test
	void anErasureAfterTheRelaysStatementsAndBeforeItsCommitLeavesNoNameInTheLedger() throws Exception {
		Race race = race("erase-commit");
		CountDownLatch relayed = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		TransactionTemplate outer = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));
		CompletableFuture<PrintLedger.Relayed> relay = CompletableFuture.supplyAsync(() -> outer.execute((status) -> {
			PrintLedger.Relayed taken = this.ledger.relayFromOutbox(race.pool(), 10);
			relayed.countDown();
			await(commit);
			return taken;
		}), this.sides);
		assertThat(relayed.await(SECONDS, TimeUnit.SECONDS)).isTrue();

		CompletableFuture<Long> erased = CompletableFuture.supplyAsync(() -> erase(race, null), this.sides);
		// the erasure either commits now (it did before V29) or waits for the relay
		eventually().until(() -> erased.isDone() || waitsOnALock("%FOR NO KEY UPDATE%"));
		this.erasure.applyOnce();

		commit.countDown();
		assertThat(relay.get(SECONDS, TimeUnit.SECONDS).inserted()).containsExactly(race.job().jobId());
		assertNoNameAfterPasses(race, erased.get(SECONDS, TimeUnit.SECONDS));
	}

	// the other order: the erasure holds its locks when the relay takes the job; the
	// relay
	// waits for its commit and copies the erased (empty) text, with no pass at all
	@Test
	void aRelayDuringAnErasureWaitsForItAndCopiesNoName() throws Exception {
		Race race = race("erase-first");
		CountDownLatch locked = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		CompletableFuture<Long> erased = CompletableFuture.supplyAsync(() -> erase(race, () -> {
			locked.countDown();
			await(commit);
		}), this.sides);
		assertThat(locked.await(SECONDS, TimeUnit.SECONDS)).isTrue();

		CompletableFuture<PrintLedger.Relayed> relay = CompletableFuture
			.supplyAsync(() -> this.ledger.relayFromOutbox(race.pool(), 10), this.sides);
		eventually().atMost(Duration.ofSeconds(10))
			.until(() -> relay.isDone() || waitsOnALock("%take_from_badge_job_outbox%"));
		commit.countDown();
		assertThat(relay.get(SECONDS, TimeUnit.SECONDS).inserted()).containsExactly(race.job().jobId());
		erased.get(SECONDS, TimeUnit.SECONDS);
		assertThat(ledgerText(race)).as("the badge text the relay copied while the attendee was being erased")
			.containsExactly("");
	}

	private Race race(String poolPrefix) {
		String run = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
		String name = "Racecanary" + run;
		// a pool with no printer: only this test relays it, the scheduled relay does not
		String pool = TestData.unique(poolPrefix);
		BadgeJob job = TestData.badgeJobs(this.jdbc, pool, 1, name).get(0);
		String eventId = this.jdbc.queryForObject("SELECT event_id FROM reconciler.attendees WHERE attendee_id = ?",
				String.class, job.attendeeId());
		return new Race(name, pool, job, eventId);
	}

	// an attendee's erasure as privacy.Erasures writes it, in its order: the event row,
	// the attendee row, the audit row (erasure_feed() lists it); beforeCommit runs with
	// every lock held
	private long erase(Race race, Runnable beforeCommit) {
		try (Connection connection = this.dataSource.getConnection()) {
			connection.setAutoCommit(false);
			try (PreparedStatement event = connection
				.prepareStatement("SELECT erased_at FROM reconciler.events WHERE event_id = ? FOR NO KEY UPDATE");
					PreparedStatement attendee = connection
						.prepareStatement("UPDATE reconciler.attendees SET display_name = '', company = NULL,"
								+ " email = NULL, erased_at = now() WHERE attendee_id = ?");
					PreparedStatement audit = connection.prepareStatement("""
							INSERT INTO reconciler.erasures (scope, event_id, attendee_id, reason, erased_by, attendees,
								check_ins, rejections, changes, badge_jobs, annulments)
							VALUES ('ATTENDEE', ?, ?, 'review', 'admin', 1, 0, 0, 0, 1, 0) RETURNING id""")) {
				event.setString(1, race.eventId());
				event.executeQuery().close();
				attendee.setString(1, race.job().attendeeId());
				attendee.executeUpdate();
				audit.setString(1, race.eventId());
				audit.setString(2, race.job().attendeeId());
				long id;
				try (var rs = audit.executeQuery()) {
					rs.next();
					id = rs.getLong(1);
				}
				if (beforeCommit != null) {
					beforeCommit.run();
				}
				connection.commit();
				return id;
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void assertNoNameAfterPasses(Race race, long erasureId) {
		// any number of passes once everything committed
		this.erasure.applyOnce();
		this.erasure.applyOnce();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM printing.applied_erasures WHERE erasure_id = ?",
				Long.class, erasureId))
			.isOne();
		assertThat(ledgerText(race)).as("the badge text of an attendee erased while the relay took the job")
			.containsExactly("");
	}

	private List<String> ledgerText(Race race) {
		return this.jdbc.queryForList(
				"SELECT display_name || coalesce(company, '') FROM printing.print_jobs WHERE job_id = ?", String.class,
				race.job().jobId());
	}

	private boolean waitsOnALock(String query) {
		return !this.jdbc
			.queryForList("""
					SELECT pid FROM pg_stat_activity
					WHERE wait_event_type = 'Lock' AND query LIKE ? AND query NOT LIKE '%pg_stat_activity%'""",
					Integer.class, query)
			.isEmpty();
	}

	private static void await(CountDownLatch latch) {
		try {
			if (!latch.await(SECONDS, TimeUnit.SECONDS)) {
				throw new IllegalStateException("not released");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private record Race(String name, String pool, BadgeJob job, String eventId) {
	}

}
