package io.eventops.reconciler.checkin;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import javax.sql.DataSource;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The batch path of an event with a policy (#35, invariant 12) against PostgreSQL and
 * Redis: every entry a movement, the kiosk's admission a fact that counts, and the
 * server's judgement of it, with the venue-wide history, flagged where the rules refuse.
 */
@ReconcilerTest
class AccessControlBatchTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	@Test
	void twoOfflineKiosksAdmittingTheSameOnceTicketAreBothAppliedAndTheLaterIsFlagged() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ONCE"));
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 2);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		for (int i = 0; i < 2; i++) {
			String attendee = attendees.get(i);
			TestData.Entry early = TestData.entry(a, 1 + i, attendee).capturedAt(THU).admittedAt("hall", version);
			TestData.Entry late = TestData.entry(b, 1 + i, attendee)
				.capturedAt(THU.plusMinutes(5))
				.admittedAt("hall", version);
			// the first attendee's entries arrive in capture order, the second's the
			// other
			// way round
			List<EntryResult> first = batch((i == 0) ? a : b, (i == 0) ? early : late);
			List<EntryResult> second = batch((i == 0) ? b : a, (i == 0) ? late : early);
			assertThat(first.get(0).outcome()).isEqualTo(Outcome.APPLIED);
			assertThat(second.get(0).outcome()).isIn(Outcome.APPLIED, Outcome.STALE);
			assertThat(flags(attendee)).containsExactly(b + ":" + (1 + i) + "=ALREADY_ENTERED");
		}
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("checkedIn").asLong()).isEqualTo(2);
		assertThat(headcount.get("badgeJobs").asLong()).isZero();
	}

	@Test
	void everyReasonTheServerRefusesForReachesTheFlag() {
		long version = savePolicy(TestPolicy.policy()
			.area("hall", "ANY",
					Map.of("open", List.of(Map.of("from", "09:00", "until", "18:00")), "minMinutesBetweenEntries", 30))
			.area("vip", "ANY", Map.of("rule", "ticketType == 'full'", "ruleExplanation", "Full passes only.", "admits",
					List.of("full", "day1"))));
		String kiosk = TestData.kiosk();
		List<String> people = TestData.attendees(this.jdbc, this.event, 5);
		this.jdbc.update("UPDATE reconciler.attendees SET ticket_type = 'workshop' WHERE attendee_id = ?",
				people.get(0));
		this.jdbc.update("UPDATE reconciler.attendees SET ticket_type = 'day1' WHERE attendee_id IN (?, ?)",
				people.get(1), people.get(4));
		batch(kiosk, TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, people.get(1)).capturedAt(THU.plusDays(1)).admittedAt("hall", version),
				TestData.entry(kiosk, 3, people.get(2)).capturedAt(THU.plusHours(10)).admittedAt("hall", version),
				TestData.entry(kiosk, 4, people.get(3)).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 5, people.get(3)).capturedAt(THU.plusMinutes(10)).admittedAt("hall", version),
				TestData.entry(kiosk, 6, people.get(4)).capturedAt(THU).admittedAt("vip", version));
		assertThat(flags(people.get(0))).containsExactly(kiosk + ":1=TICKET_NOT_VALID_HERE");
		assertThat(flags(people.get(1))).containsExactly(kiosk + ":2=NOT_VALID_TODAY");
		assertThat(flags(people.get(2))).containsExactly(kiosk + ":3=AREA_CLOSED");
		assertThat(flags(people.get(3))).containsExactly(kiosk + ":5=TOO_SOON");
		assertThat(flags(people.get(4))).containsExactly(kiosk + ":6=RULE");
		assertThat(this.jdbc.queryForObject(
				"SELECT server_explanation FROM reconciler.movements WHERE idempotency_key = ?", String.class,
				kiosk + ":6"))
			.isEqualTo("Full passes only.");
	}

	@Test
	void everyReentryPolicyReachesTheFlag() {
		long version = savePolicy(TestPolicy.policy()
			.area("once", "ONCE")
			.area("daily", "ONCE_PER_DAY")
			.area("hall", "AFTER_EXIT")
			.area("lounge", "ANY"));
		String kiosk = TestData.kiosk();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("once", version),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusHours(1)).admittedAt("once", version),
				TestData.entry(kiosk, 3, attendee).capturedAt(THU).admittedAt("daily", version),
				TestData.entry(kiosk, 4, attendee).capturedAt(THU.plusHours(1)).admittedAt("daily", version),
				TestData.entry(kiosk, 5, attendee).capturedAt(THU.plusDays(1)).admittedAt("daily", version),
				TestData.entry(kiosk, 6, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 7, attendee).capturedAt(THU.plusMinutes(10)).exitAt("hall"),
				TestData.entry(kiosk, 8, attendee).capturedAt(THU.plusMinutes(20)).admittedAt("hall", version),
				TestData.entry(kiosk, 9, attendee).capturedAt(THU.plusMinutes(30)).admittedAt("hall", version),
				TestData.entry(kiosk, 10, attendee).capturedAt(THU).admittedAt("lounge", version),
				TestData.entry(kiosk, 11, attendee).capturedAt(THU.plusMinutes(1)).admittedAt("lounge", version));
		assertThat(flags(attendee)).containsExactlyInAnyOrder(kiosk + ":2=ALREADY_ENTERED",
				kiosk + ":4=ALREADY_ENTERED", kiosk + ":9=ALREADY_ENTERED");
	}

	@Test
	void aLateEntryClearsAFlagItExplains() {
		long version = savePolicy(TestPolicy.policy().area("hall", "AFTER_EXIT"));
		String kiosk = TestData.kiosk();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 3, attendee).capturedAt(THU.plusMinutes(20)).admittedAt("hall", version));
		assertThat(flags(attendee)).containsExactly(kiosk + ":3=ALREADY_ENTERED");
		// the exit between them, delivered late (another kiosk's, offline meanwhile)
		String exit = TestData.kiosk();
		batch(exit, TestData.entry(exit, 1, attendee).capturedAt(THU.plusMinutes(10)).exitAt("hall"));
		assertThat(flags(attendee)).isEmpty();
	}

	@Test
	void refusalsAndExitsAreRecordedButChangeNoCount() {
		long version = savePolicy(TestPolicy.policy().area("hall", "AFTER_EXIT"));
		String kiosk = TestData.kiosk();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		List<EntryResult> results = batch(kiosk,
				TestData.entry(kiosk, 1, attendee).capturedAt(THU).refusedAt("hall", version, "AREA_CLOSED"),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(1)).exitAt("hall"));
		assertThat(results).extracting(EntryResult::outcome).containsOnly(Outcome.APPLIED);
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("checkedIn").asLong()).isZero();
		assertThat(headcount.get("badgeJobs").asLong()).isZero();
		assertThat(this.jdbc.queryForObject(
				"SELECT server_verdict || ':' || kiosk_reason FROM reconciler.movements WHERE idempotency_key = ?",
				String.class, kiosk + ":1"))
			.isEqualTo("ADMIT:AREA_CLOSED");
		assertThat(flags(attendee)).isEmpty();
		assertThat(batch(kiosk,
				TestData.entry(kiosk, 1, attendee).capturedAt(THU).refusedAt("hall", version, "AREA_CLOSED"))
			.get(0)
			.outcome()).isEqualTo(Outcome.DUPLICATE);
		EntryResult reused = batch(kiosk,
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(1)).exitAt("desk"))
			.get(0);
		assertThat(reused.reason()).hasToString("KEY_REUSE_MISMATCH");
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.movements WHERE attendee_id = ?",
				Long.class, attendee))
			.isEqualTo(2);
	}

	@Test
	void theFirstAdmissionAtTheBadgeDeskCreatesTheOneBadgeJob() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY"));
		String kiosk = TestData.kiosk();
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		List<EntryResult> hall = batch(kiosk,
				TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU).admittedAt("hall", version));
		assertThat(hall.get(0).badgeJobId()).isNull();
		List<EntryResult> desk = batch(kiosk,
				TestData.entry(kiosk, 2, people.get(0)).capturedAt(THU.plusMinutes(1)).admittedAt("desk", version),
				TestData.entry(kiosk, 3, people.get(1)).capturedAt(THU).printedLocally().admittedAt("desk", version));
		assertThat(desk.get(0).badgeJobId()).isNotNull();
		assertThat(desk.get(1).badgeJobId()).isNull();
		List<EntryResult> again = batch(kiosk,
				TestData.entry(kiosk, 4, people.get(0)).capturedAt(THU.plusMinutes(2)).admittedAt("desk", version),
				TestData.entry(kiosk, 5, people.get(1)).capturedAt(THU.plusMinutes(2)).admittedAt("desk", version));
		assertThat(again).extracting(EntryResult::badgeJobId).containsOnlyNulls();
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("checkedIn").asLong()).isEqualTo(2);
		assertThat(headcount.get("badgeJobs").asLong()).isEqualTo(1);
	}

	@Test
	void twoBatchesForOneAttendeeCommittingConcurrentlyStillConverge() throws Exception {
		long version = savePolicy(TestPolicy.policy().area("hall", "ONCE").area("lounge", "AFTER_EXIT"));
		List<String> people = TestData.attendees(this.jdbc, this.event, 12);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		List<ReconcileEntry> fromA = new ArrayList<>();
		List<ReconcileEntry> fromB = new ArrayList<>();
		for (int i = 0; i < people.size(); i++) {
			String attendee = people.get(i);
			// kiosk A's admission is the earlier at the hall, kiosk B's at the lounge;
			// B's exit from the lounge does not matter to A's
			fromA.add(TestData.entry(a, 2 * i + 1, attendee).capturedAt(THU).admittedAt("hall", version).build());
			fromA.add(TestData.entry(a, 2 * i + 2, attendee)
				.capturedAt(THU.plusMinutes(9))
				.admittedAt("lounge", version)
				.build());
			fromB.add(TestData.entry(b, 2 * i + 1, attendee)
				.capturedAt(THU.plusMinutes(5))
				.admittedAt("hall", version)
				.build());
			fromB.add(TestData.entry(b, 2 * i + 2, attendee)
				.capturedAt(THU.plusMinutes(1))
				.admittedAt("lounge", version)
				.build());
		}
		CyclicBarrier start = new CyclicBarrier(2);
		try (ExecutorService threads = Executors.newFixedThreadPool(2)) {
			CompletableFuture<?> one = CompletableFuture.runAsync(() -> {
				await(start);
				this.reconciler.reconcile(TestData.request(a, this.event, fromA));
			}, threads);
			CompletableFuture<?> two = CompletableFuture.runAsync(() -> {
				await(start);
				this.reconciler.reconcile(TestData.request(b, this.event, fromB));
			}, threads);
			CompletableFuture.allOf(one, two).join();
		}
		for (String attendee : people) {
			assertThat(flags(attendee)).as(attendee)
				.containsExactlyInAnyOrder(b + ":" + (2 * people.indexOf(attendee) + 1) + "=ALREADY_ENTERED",
						a + ":" + (2 * people.indexOf(attendee) + 2) + "=ALREADY_ENTERED");
		}
	}

	@Test
	void anExitCommittingBesideTheAdmissionsItExplainsClearsTheFlag() throws Exception {
		long version = savePolicy(TestPolicy.policy().area("hall", "AFTER_EXIT"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		// the test holds the event's stream lock, which every batch takes last, before
		// its commit: both batches have judged before either commits
		try (Connection holder = this.dataSource.getConnection();
				ExecutorService threads = Executors.newFixedThreadPool(2)) {
			holder.setAutoCommit(false);
			try (PreparedStatement lock = holder
				.prepareStatement("SELECT pg_advisory_xact_lock(hashtext('eventops.stream:' || ?))")) {
				lock.setString(1, this.event);
				lock.execute();
			}
			CompletableFuture<?> admissions = CompletableFuture.runAsync(
					() -> batch(a, TestData.entry(a, 1, attendee).capturedAt(THU).admittedAt("hall", version),
							TestData.entry(a, 2, attendee).capturedAt(THU.plusMinutes(20)).admittedAt("hall", version)),
					threads);
			awaitWaiting(1);
			CompletableFuture<?> exit = CompletableFuture.runAsync(
					() -> batch(b, TestData.entry(b, 1, attendee).capturedAt(THU.plusMinutes(10)).exitAt("hall")));
			awaitWaiting(2);
			holder.rollback();
			CompletableFuture.allOf(admissions, exit).join();
		}
		assertThat(flags(attendee)).isEmpty();
	}

	@Test
	void withoutAPolicyAnExitOrARefusalChangesNothing() {
		String kiosk = TestData.kiosk();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		List<EntryResult> results = batch(kiosk, TestData.entry(kiosk, 1, attendee).exitAt(null),
				TestData.entry(kiosk, 2, attendee).refusedAt(null, 0, "ALREADY_ENTERED"));
		assertThat(results).extracting(EntryResult::outcome).containsOnly(Outcome.APPLIED);
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("checkedIn").asLong()).isZero();
		assertThat(headcount.get("badgeJobs").asLong()).isZero();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.movements WHERE attendee_id = ?",
				Long.class, attendee))
			.isZero();
		assertThat(batch(kiosk, TestData.entry(kiosk, 3, attendee)).get(0).badgeJobId()).isNotNull();
	}

	private void awaitWaiting(int locks) throws InterruptedException {
		for (int i = 0; i < 500; i++) {
			Long waiting = this.jdbc.queryForObject("""
					SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
					AND database = (SELECT oid FROM pg_database WHERE datname = current_database())""", Long.class);
			if (waiting >= locks) {
				return;
			}
			Thread.sleep(20);
		}
		throw new IllegalStateException("the batches never waited for the locks");
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private List<EntryResult> batch(String kiosk, TestData.Entry... entries) {
		return this.reconciler.reconcile(TestData.request(kiosk, this.event, entries)).results();
	}

	private List<String> flags(String attendee) {
		return this.jdbc.queryForList("""
				SELECT idempotency_key || '=' || server_reason FROM reconciler.movements
				WHERE attendee_id = ? AND against_rules ORDER BY idempotency_key""", String.class, attendee);
	}

	private long savePolicy(TestPolicy policy) {
		return this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(), policy.build())
			.body()
			.get("version")
			.asLong();
	}

}
