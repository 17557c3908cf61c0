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
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of #38 (invariant 15): a kiosk entry quarantined while its attendee is erased.
 * The batch's insert into {@code reconciler.rejections} runs its trigger
 * ({@code keep_erased_rejection}, V24) before the erasure committed, so it keeps the raw
 * entry with its badge override; the erasure's {@code ERASE_REJECTIONS} does not see the
 * uncommitted row and nothing makes either wait for the other; the batch commits after
 * the erasure. The typed name stays in quarantine, and the attendee is erased already, so
 * no later erasure of it looks again. (For an event's erasure the window is its whole
 * transaction: the trigger reads {@code events.erased_at}, which it sets last.)
 *
 * <p>
 * The writer inserts the rejection as {@code CheckInWriter} does (the same columns, the
 * trigger that guards it) in a transaction that commits once the erasure has committed.
 */
@ReconcilerTest
class ErasureQuarantineRaceReviewTests {

	@LocalServerPort
	private int port;

	@Autowired
	private Erasures erasures;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private PlatformTransactionManager transactionManager;

	@Test
	void anEntryQuarantinedWhileItsAttendeeIsErasedKeepsNoName() throws Exception {
		String event = TestData.unique("evt");
		String canary = ("cnry" + TestData.unique("x")).replace("-", "").toLowerCase(Locale.ROOT);
		String attendee = TestData.unique("att").replace('-', '_');
		String kiosk = TestData.kiosk();
		HttpTestClient.Response imported = new HttpTestClient(this.port).postJson(
				"/admin/v1/events/" + event + "/attendees", admin(),
				List.of(Map.of("attendeeId", attendee, "displayName", "Someone", "ticketType", "full")));
		assertThat(imported.status()).as(imported.body().toString()).isBetween(200, 201);
		String entry = """
				{"seq":1,"idempotencyKey":"%s:1","type":"CHECK_IN","attendeeId":"%s",\
				"badgeOverrides":{"displayName":"%s Kiosk"}}""".formatted(kiosk, attendee, canary);

		CountDownLatch quarantined = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		TransactionTemplate transactions = new TransactionTemplate(this.transactionManager);
		ExecutorService threads = Executors.newFixedThreadPool(1);
		CompletableFuture<Void> batch = CompletableFuture.runAsync(() -> transactions.executeWithoutResult((s) -> {
			this.jdbc.update("""
					INSERT INTO reconciler.rejections
					  (kiosk_id, event_id, printer_pool, idempotency_key, seq, fingerprint, reason, field, entry)
					VALUES (?, ?, 'desk', ?, 1, 'f1', 'SCHEMA', 'type', ?::jsonb)""", kiosk, event, kiosk + ":1",
					entry);
			quarantined.countDown();
			try {
				commit.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}), threads);
		assertThat(quarantined.await(30, TimeUnit.SECONDS)).isTrue();

		// the erasure does not wait for the batch
		assertThat(this.erasures.eraseAttendee(attendee, "review", "admin").erased()).isTrue();
		commit.countDown();
		batch.get(30, TimeUnit.SECONDS);
		threads.shutdown();

		assertThat(this.jdbc.queryForList("SELECT entry::text FROM reconciler.rejections WHERE idempotency_key = ?",
				String.class, kiosk + ":1"))
			.as("the quarantined entry of the erased attendee")
			.hasSize(1)
			.allSatisfy((raw) -> assertThat(raw).doesNotContainIgnoringCase(canary));
	}

}
