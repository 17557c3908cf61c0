package io.eventops.reconciler.privacy;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.reconciler.stream.ChangeLog;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Review of #38 (invariant 15): an erasure and a writer of the attendee's change (a
 * kiosk's check-in without a badge override, which locks no attendee row) that commit
 * around each other. The writer's {@link ChangeLog#append} copies the attendee's name
 * into {@code change_log.attendee} at its snapshot, before the erasure committed;
 * {@link Erasures} runs {@code ERASE_CHANGES} before it takes the event's stream lock in
 * its own append, so it does not see the writer's uncommitted row, then waits for the
 * lock; the writer commits, the erasure commits. The name stays in the change log (and is
 * served to every kiosk cache that resumes from before it), and no later erasure of the
 * attendee runs: it is erased already.
 *
 * <p>
 * The writer is a transaction that appends as every writer does (its last statement) and
 * commits once the erasure waits for the stream lock.
 */
@ReconcilerTest
class ErasureChangeLogRaceReviewTests {

	@LocalServerPort
	private int port;

	@Autowired
	private Erasures erasures;

	@Autowired
	private ChangeLog changeLog;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private PlatformTransactionManager transactionManager;

	@Test
	void aChangeAppendedWhileTheAttendeeIsErasedKeepsNoName() throws Exception {
		String event = TestData.unique("evt");
		String canary = ("cnry" + TestData.unique("x")).replace("-", "").toLowerCase(Locale.ROOT);
		String attendee = TestData.unique("att").replace('-', '_');
		HttpTestClient.Response imported = new HttpTestClient(this.port).postJson(
				"/admin/v1/events/" + event + "/attendees", admin(),
				List.of(Map.of("attendeeId", attendee, "displayName", canary + " Person", "company", canary + " Corp",
						"email", canary + "@example.org", "ticketType", "full")));
		assertThat(imported.status()).as(imported.body().toString()).isBetween(200, 201);

		CountDownLatch appended = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		TransactionTemplate transactions = new TransactionTemplate(this.transactionManager);
		// own threads: the common pool may have one (two cores), which the writer holds
		ExecutorService threads = Executors.newFixedThreadPool(2);
		CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> transactions.executeWithoutResult((s) -> {
			this.changeLog.append(event, Map.of(attendee, ChangeKind.CHECKED_IN));
			appended.countDown();
			try {
				commit.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}), threads);
		assertThat(appended.await(30, TimeUnit.SECONDS)).isTrue();

		CompletableFuture<Erasure> erasure = CompletableFuture
			.supplyAsync(() -> this.erasures.eraseAttendee(attendee, "review", "admin"), threads);
		// the erasure has scrubbed and waits for the event's stream lock
		await().atMost(java.time.Duration.ofSeconds(30)).until(() -> erasure.isDone() || !waiting().isEmpty());
		assertThat(erasure).as("the erasure, which waits for the writer's stream lock").isNotDone();
		commit.countDown();
		writer.get(30, TimeUnit.SECONDS);
		assertThat(erasure.get(30, TimeUnit.SECONDS).erased()).isTrue();
		threads.shutdown();

		assertThat(this.jdbc.queryForList(
				"SELECT kind || ' ' || attendee::text FROM reconciler.change_log WHERE attendee_id = ? AND attendee::text ILIKE ?",
				String.class, attendee, "%" + canary + "%"))
			.as("changes of the erased attendee that still carry its name")
			.isEmpty();
	}

	// what the other backends wait for
	private List<String> waiting() {
		List<String> waits = this.jdbc.queryForList("""
				SELECT wait_event || ': ' || query FROM pg_stat_activity
				WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()""", String.class);
		if (!waits.isEmpty()) {
			System.err.println("waiting: " + waits);
		}
		return waits.stream().filter((w) -> w.startsWith("advisory")).toList();
	}

}
