package io.eventops.reconciler.privacy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
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
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The reconciler's side of the relay's lock (V29, #38, invariant 15): the real
 * {@link Erasures} and {@code take_from_badge_job_outbox} on two connections wait for
 * each other, whichever takes its locks first, so the print orchestrator never commits a
 * name that an erasure pass could have missed. (The orchestrator's
 * {@code ErasureRelayRaceReviewTests} hold the same orders with its ledger and erasure
 * pass.)
 */
@ReconcilerTest
class ErasureRelayLockTests {

	private static final String TAKE = "SELECT display_name FROM reconciler.take_from_badge_job_outbox(10, ?, interval '0')";

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private Erasures erasures;

	@Autowired
	private PlatformTransactionManager transactions;

	private final ExecutorService sides = Executors.newCachedThreadPool();

	@AfterEach
	void stopSides() {
		this.sides.shutdownNow();
	}

	@Test
	void anErasureWaitsForATakeThatHoldsTheAttendeesJob() throws Exception {
		Job job = job();
		CompletableFuture<Erasure> erasure;
		try (Connection relay = this.dataSource.getConnection()) {
			relay.setAutoCommit(false);
			assertThat(take(relay, job.pool())).isEqualTo(job.name());

			erasure = CompletableFuture
				.supplyAsync(() -> this.erasures.eraseAttendee(job.attendeeId(), "test", "admin"), this.sides);
			await().atMost(Duration.ofSeconds(30)).until(() -> waitsOnALock("%FOR NO KEY UPDATE%"));
			assertThat(erasure).isNotDone();
			relay.commit();
		}
		assertThat(erasure.get(30, TimeUnit.SECONDS).erased()).isTrue();
	}

	@Test
	void aTakeDuringAnErasureWaitsForItAndReadsNoName() throws Exception {
		Job job = job();
		CountDownLatch erased = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		// the erasure's transaction held open after its last statement
		CompletableFuture<Erasure> erasure = CompletableFuture
			.supplyAsync(() -> new TransactionTemplate(this.transactions).execute((status) -> {
				Erasure done = this.erasures.eraseAttendee(job.attendeeId(), "test", "admin");
				erased.countDown();
				try {
					commit.await(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return done;
			}), this.sides);
		assertThat(erased.await(30, TimeUnit.SECONDS)).isTrue();

		try (Connection relay = this.dataSource.getConnection()) {
			relay.setAutoCommit(false);
			CompletableFuture<String> taken = CompletableFuture.supplyAsync(() -> take(relay, job.pool()), this.sides);
			await().atMost(Duration.ofSeconds(10))
				.until(() -> taken.isDone() || waitsOnALock("%take_from_badge_job_outbox%"));
			assertThat(taken).isNotDone();
			commit.countDown();
			assertThat(erasure.get(30, TimeUnit.SECONDS).erased()).isTrue();
			assertThat(taken.get(30, TimeUnit.SECONDS)).as("the badge text taken while the attendee was being erased")
				.isEmpty();
			relay.commit();
		}
	}

	private Job job() {
		String event = TestData.unique("relay-lock");
		String attendee = event + "-a";
		String pool = TestData.unique("pool");
		String name = "Cnry" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", event);
		this.jdbc.update("INSERT INTO reconciler.attendees (attendee_id, event_id, display_name) VALUES (?, ?, ?)",
				attendee, event, name);
		this.jdbc.update("""
				INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
				  reason, created_at) VALUES (?, ?, ?, 1, ?, 'CHECK_IN', now())""", UUID.randomUUID(), attendee, event,
				pool);
		return new Job(attendee, pool, name);
	}

	private static String take(Connection connection, String pool) {
		try (PreparedStatement statement = connection.prepareStatement(TAKE)) {
			statement.setString(1, pool);
			try (ResultSet rows = statement.executeQuery()) {
				assertThat(rows.next()).as("a job taken").isTrue();
				return rows.getString(1);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private boolean waitsOnALock(String query) {
		return !this.jdbc
			.queryForList("""
					SELECT pid FROM pg_stat_activity
					WHERE wait_event_type = 'Lock' AND query LIKE ? AND query NOT LIKE '%pg_stat_activity%'""",
					Integer.class, query)
			.isEmpty();
	}

	private record Job(String attendeeId, String pool, String name) {
	}

}
