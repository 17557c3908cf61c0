package io.eventops.reconciler.checkin;

import java.sql.Connection;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.claim.ClaimStore;
import io.eventops.web.redis.RedisNamespaceProperties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

@ReconcilerTest
class BatchReconcilerTests {

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private StringRedisTemplate redis;

	@Autowired
	private ClaimStore claims;

	@Autowired
	private RedisNamespaceProperties namespace;

	private String event;

	private String kiosk;

	private List<String> attendees;

	@BeforeEach
	void registerAttendees() {
		this.event = TestData.unique("evt");
		this.kiosk = TestData.kiosk();
		this.attendees = TestData.attendees(this.jdbc, this.event, 10);
	}

	@Test
	void replayedEntryIsANoOp() {
		ReconcileRequest batch = TestData.request(this.kiosk, this.event,
				TestData.entry(this.kiosk, 1, this.attendees.get(0)));
		EntryResult first = this.reconciler.reconcile(batch).results().get(0);
		EntryResult replay = this.reconciler.reconcile(batch).results().get(0);
		assertThat(first.outcome()).isEqualTo(Outcome.APPLIED);
		assertThat(first.badgeJobId()).isNotNull();
		assertThat(replay.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(replay.badgeJobId()).isNull();
		assertThat(checkIns(this.attendees.get(0))).isEqualTo(1);
		assertThat(badgeJobs(this.attendees.get(0))).isEqualTo(1);
	}

	@Test
	void lowerOrderedWriteAfterAHigherOneIsStale() {
		String attendee = this.attendees.get(0);
		String otherKiosk = TestData.kiosk();
		assertThat(outcomes(this.reconciler.reconcile(
				TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 9, attendee).displayName("Nine")))))
			.containsExactly(Outcome.APPLIED);
		assertThat(outcomes(this.reconciler.reconcile(TestData.request(otherKiosk, this.event,
				TestData.entry(otherKiosk, 3, attendee).displayName("Three")))))
			.containsExactly(Outcome.STALE);
		assertThat(this.jdbc.queryForObject(
				"SELECT source_id || ':' || seq || ':' || kiosk_display_name FROM reconciler.check_ins WHERE attendee_id = ?",
				String.class, attendee))
			.isEqualTo(this.kiosk + ":9:Nine");
		assertThat(badgeJobs(attendee)).isEqualTo(1);
		assertThat(
				this.jdbc.queryForObject("SELECT outcome FROM reconciler.processed_entries WHERE idempotency_key = ?",
						String.class, otherKiosk + ":3"))
			.isEqualTo("STALE");
	}

	// the upsert tells the attendee's first check-in (its badge job, CHECKED_IN) from a
	// later winning write (UPDATED, no job) by the row's revision, not by PostgreSQL's
	// undocumented xmax = 0 after ON CONFLICT DO UPDATE (invariant 7)
	@Test
	void onlyTheFirstCheckInOfAnAttendeeMakesABadgeJobAndLaterWinnersAreUpdates() {
		String attendee = this.attendees.get(0);
		EntryResult first = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee)))
			.results()
			.get(0);
		EntryResult later = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 2, attendee)))
			.results()
			.get(0);

		assertThat(first.outcome()).isEqualTo(Outcome.APPLIED);
		assertThat(first.badgeJobId()).isNotNull();
		assertThat(later.outcome()).isEqualTo(Outcome.APPLIED);
		assertThat(later.badgeJobId()).isNull();
		assertThat(this.jdbc.queryForList(
				"SELECT kind FROM reconciler.change_log WHERE attendee_id = ? ORDER BY stream_seq", String.class,
				attendee))
			.containsExactly("CHECKED_IN", "UPDATED");
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE attendee_id = ?",
				Integer.class, attendee))
			.isOne();
	}

	@Test
	void twoEntriesOfOneBatchForTheSameAttendeeApplyTheHigherOne() {
		String attendee = this.attendees.get(1);
		ReconcileResponse response = this.reconciler.reconcile(TestData.request(this.kiosk, this.event,
				TestData.entry(this.kiosk, 5, attendee), TestData.entry(this.kiosk, 4, attendee)));
		assertThat(outcomes(response)).containsExactly(Outcome.APPLIED, Outcome.STALE);
		assertThat(response.results().get(0).badgeJobId()).isNotNull();
		assertThat(badgeJobs(attendee)).isEqualTo(1);
	}

	@Test
	void sameKeyWithAnotherPayloadIsKeyReuseAndQuarantined() {
		this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, this.attendees.get(0))));
		// from Redis' done marker
		EntryResult viaRedis = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, this.attendees.get(1))))
			.results()
			.get(0);
		flushRedisNamespace();
		// from the PostgreSQL guard, Redis having forgotten everything
		EntryResult viaGuard = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, this.attendees.get(2))))
			.results()
			.get(0);
		for (EntryResult result : List.of(viaRedis, viaGuard)) {
			assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
			assertThat(result.reason()).isEqualTo(RejectionReason.KEY_REUSE_MISMATCH);
		}
		assertThat(checkIns(this.attendees.get(1))).isZero();
		assertThat(checkIns(this.attendees.get(2))).isZero();
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.rejections WHERE idempotency_key = ? AND reason = 'KEY_REUSE_MISMATCH'",
				Integer.class, this.kiosk + ":1"))
			.isEqualTo(2);
	}

	@Test
	void failureAfterTheClaimAndBeforeCommitLetsTheRetryApply() {
		String attendee = this.attendees.get(3);
		String trigger = "fail_" + attendee.replaceAll("[^A-Za-z0-9]", "_");
		this.jdbc.execute("CREATE FUNCTION reconciler." + trigger + "() RETURNS trigger AS $$ BEGIN "
				+ "IF NEW.attendee_id = '" + attendee + "' THEN RAISE EXCEPTION 'injected failure'; END IF; "
				+ "RETURN NEW; END $$ LANGUAGE plpgsql");
		this.jdbc.execute("CREATE TRIGGER " + trigger + " BEFORE INSERT ON reconciler.badge_jobs FOR EACH ROW "
				+ "EXECUTE FUNCTION reconciler." + trigger + "()");
		ReconcileRequest batch = TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee),
				TestData.entry(this.kiosk, 2, this.attendees.get(4)));
		assertThatExceptionOfType(DataAccessException.class).isThrownBy(() -> this.reconciler.reconcile(batch));
		assertThat(this.redis.hasKey(this.claims.key(this.kiosk, 1))).isFalse();
		assertThat(checkIns(attendee)).isZero();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ?",
				Integer.class, this.kiosk))
			.isZero();

		this.jdbc.execute("DROP TRIGGER " + trigger + " ON reconciler.badge_jobs");
		assertThat(outcomes(this.reconciler.reconcile(batch))).containsExactly(Outcome.APPLIED, Outcome.APPLIED);
		assertThat(badgeJobs(attendee)).isEqualTo(1);
	}

	@Test
	void redisFlushedBetweenTwoDeliveriesStillAppliesOnce() {
		ReconcileRequest batch = TestData.request(this.kiosk, this.event,
				this.attendees.stream()
					.limit(5)
					.map((a) -> TestData.entry(this.kiosk, this.attendees.indexOf(a) + 1, a).build())
					.toList());
		assertThat(outcomes(this.reconciler.reconcile(batch))).containsOnly(Outcome.APPLIED);
		flushRedisNamespace();
		assertThat(outcomes(this.reconciler.reconcile(batch))).containsOnly(Outcome.DUPLICATE);
		for (String attendee : this.attendees.subList(0, 5)) {
			assertThat(checkIns(attendee)).isEqualTo(1);
			assertThat(badgeJobs(attendee)).isEqualTo(1);
		}
	}

	@Test
	void theSameBatchFromSeveralThreadsAppliesEachKeyExactlyOnce() throws Exception {
		List<ReconcileEntry> entries = new ArrayList<>();
		for (int i = 0; i < this.attendees.size(); i++) {
			entries.add(TestData.entry(this.kiosk, i + 1, this.attendees.get(i)).build());
		}
		ReconcileRequest batch = TestData.request(this.kiosk, this.event, entries);
		Map<Long, Integer> applied = new HashMap<>();
		try (ExecutorService pool = Executors.newFixedThreadPool(6)) {
			List<Callable<ReconcileResponse>> senders = new ArrayList<>();
			for (int i = 0; i < 6; i++) {
				senders.add(() -> retryUntilFinal(batch));
			}
			for (Future<ReconcileResponse> response : pool.invokeAll(senders)) {
				for (EntryResult result : response.get().results()) {
					assertThat(result.outcome()).isIn(Outcome.APPLIED, Outcome.DUPLICATE);
					if (result.outcome() == Outcome.APPLIED) {
						applied.merge(result.seq(), 1, Integer::sum);
					}
				}
			}
		}
		assertThat(applied).hasSize(this.attendees.size()).allSatisfy((seq, count) -> assertThat(count).isOne());
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = ?",
				Integer.class, this.event))
			.isEqualTo(this.attendees.size());
	}

	@Test
	void anUnknownAttendeeAndAnotherEventsAttendeeAreRejectedAndQuarantined() {
		String otherEvent = TestData.unique("evt");
		String foreign = TestData.attendees(this.jdbc, otherEvent, 1).get(0);
		ReconcileResponse response = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, "att_nobody"),
					TestData.entry(this.kiosk, 2, foreign), TestData.entry(this.kiosk, 3, this.attendees.get(0))));
		assertThat(response.results()).extracting(EntryResult::reason)
			.containsExactly(RejectionReason.UNKNOWN_ATTENDEE, RejectionReason.WRONG_EVENT, null);
		assertThat(outcomes(response)).containsExactly(Outcome.REJECTED, Outcome.REJECTED, Outcome.APPLIED);
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ?",
				Integer.class, this.kiosk))
			.isEqualTo(2);
		// a replayed rejection is a no-op, not a second quarantine row
		assertThat(outcomes(this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, "att_nobody")))))
			.containsExactly(Outcome.DUPLICATE);
	}

	@Test
	void aBadgePrintedLocallyCreatesNoJob() {
		String attendee = this.attendees.get(5);
		EntryResult result = this.reconciler
			.reconcile(
					TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee).printedLocally()))
			.results()
			.get(0);
		assertThat(result.outcome()).isEqualTo(Outcome.APPLIED);
		assertThat(result.badgeJobId()).isNull();
		assertThat(badgeJobs(attendee)).isZero();
	}

	// check-in rows and badge jobs carry no foreign keys (V7): what they guarded, an
	// attendee or a job removed under them, is refused instead (invariant 7)
	@Test
	void attendeesAndBadgeJobsCannotBeRemoved() {
		String attendee = this.attendees.get(6);
		assertThat(outcomes(this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee)))))
			.containsExactly(Outcome.APPLIED);
		for (String removal : List.of("DELETE FROM reconciler.attendees WHERE attendee_id = '" + attendee + "'",
				"DELETE FROM reconciler.attendees WHERE attendee_id = 'nobody'",
				"DELETE FROM reconciler.badge_jobs WHERE attendee_id = '" + attendee + "'",
				"TRUNCATE reconciler.attendees CASCADE", "TRUNCATE reconciler.badge_jobs CASCADE")) {
			assertThatExceptionOfType(DataAccessException.class).as(removal)
				.isThrownBy(() -> this.jdbc.execute(removal))
				.withMessageContaining("cannot be removed");
		}
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.attendees WHERE event_id = ?",
				Integer.class, this.event))
			.isEqualTo(this.attendees.size());
		assertThat(checkIns(attendee)).isOne();
		assertThat(badgeJobs(attendee)).isOne();
	}

	// the relay of the print orchestrator wakes on this; a batch that creates no job
	// sends nothing, and one that creates several sends one per pool
	@Test
	void newBadgeJobsNotifyTheirPoolAtCommit() throws Exception {
		try (Connection listener = this.dataSource.getConnection()) {
			listener.setAutoCommit(true);
			try (Statement statement = listener.createStatement()) {
				statement.execute("LISTEN eventops_badge_jobs");
			}
			PGConnection notifications = listener.unwrap(PGConnection.class);
			ReconcileRequest batch = TestData.request(this.kiosk, this.event,
					TestData.entry(this.kiosk, 1, this.attendees.get(7)),
					TestData.entry(this.kiosk, 2, this.attendees.get(8)));
			assertThat(outcomes(this.reconciler.reconcile(batch))).containsOnly(Outcome.APPLIED);
			assertThat(payloads(notifications.getNotifications(5000))).containsExactly("default");

			flushRedisNamespace();
			assertThat(outcomes(this.reconciler.reconcile(batch))).containsOnly(Outcome.DUPLICATE);
			assertThat(payloads(notifications.getNotifications(500))).isEmpty();
		}
	}

	private static List<String> payloads(PGNotification[] received) {
		return (received == null) ? List.of()
				: Arrays.stream(received)
					.filter((n) -> n.getName().equals("eventops_badge_jobs"))
					.map(PGNotification::getParameter)
					.toList();
	}

	@Test
	void repeatsInsideOneBatchAreDuplicatesOrKeyReuse() {
		ReconcileResponse response = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, this.attendees.get(0)),
					TestData.entry(this.kiosk, 1, this.attendees.get(0)),
					TestData.entry(this.kiosk, 1, this.attendees.get(1))));
		assertThat(outcomes(response)).containsExactly(Outcome.APPLIED, Outcome.DUPLICATE, Outcome.REJECTED);
		assertThat(response.results().get(2).reason()).isEqualTo(RejectionReason.KEY_REUSE_MISMATCH);
		assertThat(checkIns(this.attendees.get(1))).isZero();
	}

	private ReconcileResponse retryUntilFinal(ReconcileRequest batch) {
		Map<Long, EntryResult> finals = new HashMap<>();
		for (int attempt = 0; attempt < 200 && finals.size() < batch.entries().size(); attempt++) {
			List<ReconcileEntry> pending = batch.entries()
				.stream()
				.filter((entry) -> !finals.containsKey(entry.seq()))
				.toList();
			for (EntryResult result : this.reconciler
				.reconcile(new ReconcileRequest(batch.kioskId(), batch.eventId(), batch.printerPool(), pending))
				.results()) {
				if (result.outcome().isFinal()) {
					finals.put(result.seq(), result);
				}
			}
			Thread.onSpinWait();
		}
		return new ReconcileResponse(batch.entries().stream().map((entry) -> finals.get(entry.seq())).toList());
	}

	private void flushRedisNamespace() {
		var keys = this.redis.keys(this.namespace.keyPrefix() + "*");
		if (keys != null && !keys.isEmpty()) {
			this.redis.delete(keys);
		}
	}

	private int checkIns(String attendee) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ?",
				Integer.class, attendee);
	}

	private int badgeJobs(String attendee) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE attendee_id = ?",
				Integer.class, attendee);
	}

	// issue #24: a job is live, and taken by the print orchestrator ahead of a backlog's,
	// when its check-in was captured within 30 s of being applied (an attendee at an
	// online kiosk); an outage backlog's entries were captured minutes earlier. The mark
	// travels with the job into the relay table the orchestrator takes from (V11).
	@Test
	void aCheckInCapturedJustNowMakesALiveBadgeJobAndABacklogEntryDoesNot() {
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
		List<ReconcileEntry> entries = List.of(
				TestData.entry(this.kiosk, 1, this.attendees.get(0)).capturedAt(now.minusMinutes(20)).build(),
				TestData.entry(this.kiosk, 2, this.attendees.get(1)).capturedAt(now.minusSeconds(45)).build(),
				TestData.entry(this.kiosk, 3, this.attendees.get(2)).capturedAt(now.minusSeconds(2)).build(),
				TestData.entry(this.kiosk, 4, this.attendees.get(3)).capturedAt(now.minusSeconds(1)).build());
		assertThat(outcomes(this.reconciler.reconcile(TestData.request(this.kiosk, this.event, entries))))
			.containsOnly(Outcome.APPLIED);

		for (String table : List.of("badge_jobs", "badge_job_relay")) {
			List<Boolean> live = this.attendees.subList(0, 4)
				.stream()
				.map((attendee) -> this.jdbc.queryForObject(
						"SELECT r.live FROM reconciler." + table
								+ " r JOIN reconciler.badge_jobs j ON j.job_id = r.job_id WHERE j.attendee_id = ?",
						Boolean.class, attendee))
				.toList();
			assertThat(live).as(table).containsExactly(false, false, true, true);
		}
	}

	private static List<Outcome> outcomes(ReconcileResponse response) {
		return response.results().stream().map(EntryResult::outcome).toList();
	}

}
