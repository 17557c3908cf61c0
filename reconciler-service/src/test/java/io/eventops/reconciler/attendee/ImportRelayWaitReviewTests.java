package io.eventops.reconciler.attendee;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A skeptic's review of V29 (#38, wt-erasure2): the outbox take now locks the taken jobs'
 * attendee rows FOR SHARE, besides their event rows. An attendee import rewrites every
 * row it names (ON CONFLICT DO UPDATE without a "changed" condition) and holds them until
 * its change-log append commits; so a relay batch that took one job of any attendee in a
 * running import waits for the whole import, while the batch's other jobs (of any event)
 * are held by its SKIP LOCKED take and no other replica takes them: badge printing stalls
 * for the length of every re-import (a ticketing sync during the morning rush rewrites
 * the attendees who just checked in). The erasure does not need the attendee lock: both
 * of its scopes take the event row FOR NO KEY UPDATE before they write anything, which
 * the take's event lock already conflicts with.
 */
@ReconcilerTest
class ImportRelayWaitReviewTests {

	private static final String TAKE = "SELECT display_name FROM reconciler.take_from_badge_job_outbox(10, ?, interval '0')";

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private AttendeeRegistry registry;

	@Autowired
	private PlatformTransactionManager transactions;

	private final ExecutorService sides = Executors.newCachedThreadPool();

	@AfterEach
	void stopSides() {
		this.sides.shutdownNow();
	}

	@Test
	void aRelayBatchDoesNotWaitForAnAttendeeImportInFlight() throws Exception {
		String event = TestData.unique("import-relay");
		String attendee = event + "-a";
		String pool = TestData.unique("pool");
		this.registry.importAttendees(event,
				List.of(new AttendeeImport(attendee, "Ada Import", null, null, null, null)));
		this.jdbc.update("""
				INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
				  reason, created_at) VALUES (?, ?, ?, 1, ?, 'CHECK_IN', now())""", UUID.randomUUID(), attendee, event,
				pool);

		// the real import of the same list (the ticketing sync), held open after its
		// last statement as a long import is
		CountDownLatch imported = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		CompletableFuture<?> reimport = CompletableFuture
			.runAsync(() -> new TransactionTemplate(this.transactions).executeWithoutResult((status) -> {
				this.registry.importAttendees(event,
						List.of(new AttendeeImport(attendee, "Ada Import", null, null, null, null)));
				imported.countDown();
				try {
					commit.await(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}), this.sides);
		assertThat(imported.await(30, TimeUnit.SECONDS)).isTrue();
		try (Connection relay = this.dataSource.getConnection()) {
			relay.setAutoCommit(false);
			try (Statement statement = relay.createStatement()) {
				statement.execute("SET LOCAL lock_timeout = '3s'");
			}
			long started = System.nanoTime();
			String name;
			try {
				name = take(relay, pool);
			}
			catch (SQLException ex) {
				throw new AssertionError(
						"the relay batch waited " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)
								+ " ms for an attendee import in flight and gave up (" + ex.getSQLState() + " "
								+ ex.getMessage() + ")",
						ex);
			}
			finally {
				commit.countDown();
			}
			assertThat(name).isEqualTo("Ada Import");
			relay.commit();
		}
		reimport.get(30, TimeUnit.SECONDS);
	}

	private static String take(Connection connection, String pool) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(TAKE)) {
			statement.setString(1, pool);
			try (ResultSet rows = statement.executeQuery()) {
				assertThat(rows.next()).as("a job taken").isTrue();
				return rows.getString(1);
			}
		}
	}

}
