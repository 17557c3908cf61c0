package io.eventops.reconciler.checkin;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
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
 * Annulments (#36) on the batch path against PostgreSQL and Redis: an annulment is an
 * entry of its own, applied exactly once through the guard (invariant 1), and the
 * admission it undoes counts nowhere (invariant 13): not in the head-count, not in the
 * entry-count rules, not among the overrides. One the server cannot place is quarantined
 * and re-drivable.
 */
@ReconcilerTest
class AnnulmentBatchTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	@Test
	void anAnnulledOnlyAdmissionTakesTheAttendeeOutOfTheHeadCountOnce() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY"));
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, people.get(1)).capturedAt(THU).admittedAt("hall", version));
		assertThat(checkedIn()).isEqualTo(2);

		TestData.Entry annul = TestData.entry(kiosk, 3, people.get(0))
			.capturedAt(THU.plusMinutes(1))
			.annuls(kiosk + ":1");
		assertThat(batch(kiosk, annul).get(0).outcome()).isEqualTo(Outcome.APPLIED);
		assertThat(checkedIn()).isEqualTo(1);
		assertThat(isCheckedIn(people.get(0))).isFalse();
		assertThat(isCheckedIn(people.get(1))).isTrue();

		// the same annulment again is the guard's duplicate; another annulment of the
		// same admission (ops at the desk) is applied and takes nobody out a second time
		assertThat(batch(kiosk, annul).get(0).outcome()).isEqualTo(Outcome.DUPLICATE);
		String desk = TestData.kiosk();
		assertThat(
				batch(desk, TestData.entry(desk, 1, people.get(0)).capturedAt(THU.plusMinutes(2)).annuls(kiosk + ":1"))
					.get(0)
					.outcome())
			.isEqualTo(Outcome.APPLIED);
		assertThat(checkedIn()).isEqualTo(1);
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.movements WHERE attendee_id = ? AND type = 'ANNUL'", Long.class,
				people.get(0)))
			.isEqualTo(2);
	}

	@Test
	void anAttendeeWithAnotherStandingAdmissionStaysCheckedIn() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY").area("lounge", "ANY"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		batch(a, TestData.entry(a, 1, attendee).capturedAt(THU).admittedAt("hall", version));
		batch(b, TestData.entry(b, 1, attendee).capturedAt(THU.plusMinutes(5)).admittedAt("lounge", version));
		// b's admission is the winning record; a's is annulled
		batch(a, TestData.entry(a, 2, attendee).capturedAt(THU.plusMinutes(6)).annuls(a + ":1"));
		assertThat(checkedIn()).isEqualTo(1);
		// and then b's too: none stands
		batch(b, TestData.entry(b, 2, attendee).capturedAt(THU.plusMinutes(7)).annuls(b + ":1"));
		assertThat(checkedIn()).isZero();
		// a later admission counts the attendee in again
		batch(b, TestData.entry(b, 3, attendee).capturedAt(THU.plusMinutes(8)).admittedAt("lounge", version));
		assertThat(checkedIn()).isEqualTo(1);
	}

	@Test
	void anAdmissionAndItsAnnulmentInOneBatchCountNothing() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		List<EntryResult> results = batch(kiosk,
				TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusSeconds(20)).annuls(kiosk + ":1"));
		assertThat(results).extracting(EntryResult::outcome).containsOnly(Outcome.APPLIED);
		assertThat(checkedIn()).isZero();
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.change_log WHERE attendee_id = ? AND NOT (attendee ->> 'checkedIn')::boolean",
				Long.class, attendee))
			.as("the stream tells the kiosk caches the attendee is not checked in")
			.isEqualTo(1);
	}

	@Test
	void anAnnulmentOfAKeyTheServerHasNotSeenIsQuarantinedAndRedrivenOnceTheAdmissionArrived() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY"));
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		// b's annulment of a's admission arrives first (a was offline)
		EntryResult early = batch(b,
				TestData.entry(b, 1, people.get(0)).capturedAt(THU.plusMinutes(1)).annuls(a + ":1"))
			.get(0);
		assertThat(early.outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(early.reason()).isEqualTo(RejectionReason.ANNULS_UNKNOWN_ENTRY);
		assertThat(guardOutcome(b + ":1")).isEqualTo("REJECTED:ANNULS_UNKNOWN_ENTRY");
		assertThat(movements(people.get(0))).isZero();
		batch(a, TestData.entry(a, 1, people.get(0)).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(a, 2, people.get(1)).capturedAt(THU).admittedAt("hall", version));
		assertThat(checkedIn()).isEqualTo(2);
		// an annulment naming another attendee's admission is no annulment of it
		EntryResult wrongAttendee = batch(b,
				TestData.entry(b, 2, people.get(1)).capturedAt(THU.plusMinutes(1)).annuls(a + ":1"))
			.get(0);
		assertThat(wrongAttendee.reason()).isEqualTo(RejectionReason.ANNULS_UNKNOWN_ENTRY);
		assertThat(checkedIn()).isEqualTo(2);

		JsonNode rejections = this.http.get("/admin/v1/rejections?kioskId=" + b, ops()).body();
		assertThat(rejections).hasSize(2);
		JsonNode first = rejections.get(0);
		assertThat(first.get("reason").asString()).isEqualTo("ANNULS_UNKNOWN_ENTRY");
		assertThat(first.get("entry").get("annuls").asString()).isEqualTo(a + ":1");
		JsonNode redriven = this.http
			.post("/admin/v1/rejections/" + first.get("id").asLong() + "/redrive", ops(), "application/json", "")
			.body();
		assertThat(redriven.get("outcome").asString()).isEqualTo("APPLIED");
		assertThat(checkedIn()).isEqualTo(1);
		assertThat(isCheckedIn(people.get(0))).isFalse();
		assertThat(guardOutcome(b + ":1")).isEqualTo("APPLIED:");
		// a re-drive of the applied one changes nothing; the kiosk's replay is a
		// duplicate
		assertThat(this.http
			.post("/admin/v1/rejections/" + first.get("id").asLong() + "/redrive", ops(), "application/json", "")
			.body()
			.get("outcome")
			.asString()).isEqualTo("DUPLICATE");
		assertThat(batch(b, TestData.entry(b, 1, people.get(0)).capturedAt(THU.plusMinutes(1)).annuls(a + ":1")).get(0)
			.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(checkedIn()).isEqualTo(1);
		JsonNode stillWrong = this.http
			.post("/admin/v1/rejections/" + rejections.get(1).get("id").asLong() + "/redrive", ops(),
					"application/json", "")
			.body();
		assertThat(stillWrong.get("reason").asString()).isEqualTo("ANNULS_UNKNOWN_ENTRY");
		assertThat(checkedIn()).isEqualTo(1);
	}

	@Test
	void anAnnulmentOfAnExitARefusalOrAnAnnulmentIsRejected() {
		long version = savePolicy(TestPolicy.policy().area("hall", "AFTER_EXIT"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(1)).exitAt("hall"),
				TestData.entry(kiosk, 3, attendee).capturedAt(THU.plusMinutes(2)).refusedAt("hall", version, "RULE"),
				TestData.entry(kiosk, 4, attendee).capturedAt(THU.plusMinutes(3)).annuls(kiosk + ":1"));
		List<EntryResult> results = batch(kiosk,
				TestData.entry(kiosk, 5, attendee).capturedAt(THU.plusMinutes(4)).annuls(kiosk + ":2"),
				TestData.entry(kiosk, 6, attendee).capturedAt(THU.plusMinutes(4)).annuls(kiosk + ":3"),
				TestData.entry(kiosk, 7, attendee).capturedAt(THU.plusMinutes(4)).annuls(kiosk + ":4"));
		assertThat(results).extracting(EntryResult::reason).containsOnly(RejectionReason.ANNULS_NO_ADMISSION);
		assertThat(movements(attendee)).isEqualTo(4);
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ?", Long.class,
				kiosk))
			.isEqualTo(3);
	}

	@Test
	void theEntryCountRulesJudgeAgainWithoutTheAnnulledAdmission() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ONCE").area("lounge", "ONCE"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		batch(a, TestData.entry(a, 1, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(a, 2, attendee).capturedAt(THU).admittedAt("lounge", version));
		batch(b, TestData.entry(b, 1, attendee).capturedAt(THU.plusMinutes(5)).admittedAt("hall", version),
				TestData.entry(b, 2, attendee).capturedAt(THU.plusMinutes(5)).admittedAt("lounge", version));
		assertThat(flags(attendee)).containsExactly(b + ":1=ALREADY_ENTERED", b + ":2=ALREADY_ENTERED");
		// the hall's first admission annulled: the second is the only one, and allowed
		batch(a, TestData.entry(a, 3, attendee).capturedAt(THU.plusMinutes(6)).annuls(a + ":1"));
		assertThat(flags(attendee)).containsExactly(b + ":2=ALREADY_ENTERED");
		// the lounge's flagged one annulled: it counts nowhere, not among the overrides
		batch(b, TestData.entry(b, 3, attendee).capturedAt(THU.plusMinutes(6)).annuls(b + ":2"));
		assertThat(flags(attendee)).isEmpty();
		assertThat(this.http.get("/admin/v1/events/" + this.event + "/rule-overrides", ops()).body()).isEmpty();
		assertThat(checkedIn()).isEqualTo(1);
	}

	@Test
	void theBadgeJobOfAnAnnulledAdmissionIsAnnulledUnlessAnotherAdmissionThereStands() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY"));
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		String kiosk = TestData.kiosk();
		List<EntryResult> admitted = batch(kiosk,
				TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU).admittedAt("desk", version),
				TestData.entry(kiosk, 2, people.get(1)).capturedAt(THU).admittedAt("desk", version),
				TestData.entry(kiosk, 3, people.get(1)).capturedAt(THU.plusMinutes(1)).admittedAt("desk", version));
		String job = admitted.get(0).badgeJobId();
		String other = admitted.get(1).badgeJobId();
		assertThat(job).isNotNull();
		assertThat(other).isNotNull();
		// an annulment of an admission that created no job annuls none
		batch(kiosk, TestData.entry(kiosk, 4, people.get(1)).capturedAt(THU.plusMinutes(2)).annuls(kiosk + ":3"));
		assertThat(annulledJobs(job, other)).isEmpty();

		batch(kiosk, TestData.entry(kiosk, 5, people.get(0)).capturedAt(THU.plusMinutes(2)).annuls(kiosk + ":1"),
				TestData.entry(kiosk, 6, people.get(1)).capturedAt(THU.plusMinutes(2)).annuls(kiosk + ":2"));
		// the second attendee's job came with kiosk:2, but kiosk:3 at the same desk
		// was annulled too: neither stands
		assertThat(annulledJobs(job, other)).containsExactlyInAnyOrder(job, other);
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("checkedIn").asLong()).isZero();
		assertThat(headcount.get("badgeJobs").asLong()).as("badge jobs <= checked in + reprints").isZero();
	}

	// Review of #36 (invariants 7 and 13): the job's own admission annulled first, while
	// a later admission at the desk still stands, then that later one. No admission at
	// the desk stands any more and the attendee is out of the head-count, but the job
	// was keyed on the first admission only, so the second annulment found no job to
	// annul: a live badge job for nobody checked in (badge jobs > checked in + reprints).
	@Test
	void aBadgeJobIsAnnulledWhenTheLastStandingAdmissionAtItsAreaIsAnnulledAfterItsOwn() {
		long version = savePolicy(TestPolicy.policy());
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		String job = batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("desk", version),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(1)).admittedAt("desk", version))
			.get(0)
			.badgeJobId();
		assertThat(job).isNotNull();
		// the job's own admission first: kiosk:2 still stands, the job stays
		batch(kiosk, TestData.entry(kiosk, 3, attendee).capturedAt(THU.plusMinutes(2)).annuls(kiosk + ":1"));
		assertThat(annulledJobs(job)).isEmpty();
		// then the one that stood: none stands at the desk now
		batch(kiosk, TestData.entry(kiosk, 4, attendee).capturedAt(THU.plusMinutes(3)).annuls(kiosk + ":2"));
		assertThat(checkedIn()).isZero();
		assertThat(annulledJobs(job)).as("the job of an attendee none of whose desk admissions stands")
			.containsExactly(job);
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("badgeJobs").asLong()).as("badge jobs <= checked in + reprints").isZero();
	}

	@Test
	void aBadgeJobStaysWhileAnotherAdmissionAtTheBadgeDeskStands() {
		long version = savePolicy(TestPolicy.policy());
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		String job = batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("desk", version),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(1)).admittedAt("desk", version))
			.get(0)
			.badgeJobId();
		batch(kiosk, TestData.entry(kiosk, 3, attendee).capturedAt(THU.plusMinutes(2)).annuls(kiosk + ":1"));
		assertThat(annulledJobs(job)).isEmpty();
		assertThat(checkedIn()).isEqualTo(1);
	}

	private List<String> annulledJobs(String... jobs) {
		return this.jdbc.queryForList("SELECT reconciler.annulled_badge_jobs(CAST(? AS uuid[]))::text", String.class,
				(Object) jobs);
	}

	// The annulment's batch takes an attendee out of the head-count only under the
	// attendees' movement locks, with a fresh snapshot: an admission another kiosk's
	// batch
	// commits beside it is never lost (a deadlock between the two is retried).
	@Test
	void anAnnulmentBesideAnotherAdmissionOfTheAttendeeLosesNoCount() throws Exception {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY").area("lounge", "ANY"));
		for (int round = 0; round < 3; round++) {
			List<String> people = TestData.attendees(this.jdbc, this.event, 8);
			String a = TestData.kiosk();
			String x = TestData.kiosk();
			String y = TestData.kiosk();
			List<ReconcileEntry> admissions = new ArrayList<>();
			List<ReconcileEntry> annulments = new ArrayList<>();
			List<ReconcileEntry> again = new ArrayList<>();
			for (int i = 0; i < people.size(); i++) {
				admissions
					.add(TestData.entry(a, i + 1, people.get(i)).capturedAt(THU).admittedAt("hall", version).build());
				annulments.add(TestData.entry(x, i + 1, people.get(i))
					.capturedAt(THU.plusMinutes(1))
					.annuls(a + ":" + (i + 1))
					.build());
				again.add(TestData.entry(y, i + 1, people.get(i))
					.capturedAt(THU.plusMinutes(2))
					.admittedAt("lounge", version)
					.build());
			}
			this.reconciler.reconcile(TestData.request(a, this.event, admissions));
			CyclicBarrier start = new CyclicBarrier(2);
			try (ExecutorService threads = Executors.newFixedThreadPool(2)) {
				CompletableFuture<List<EntryResult>> annulled = CompletableFuture.supplyAsync(() -> {
					await(start);
					return this.reconciler.reconcile(TestData.request(x, this.event, annulments)).results();
				}, threads);
				CompletableFuture<List<EntryResult>> admitted = CompletableFuture.supplyAsync(() -> {
					await(start);
					return this.reconciler.reconcile(TestData.request(y, this.event, again)).results();
				}, threads);
				assertThat(annulled.join()).extracting(EntryResult::outcome).containsOnly(Outcome.APPLIED);
				// STALE where the other kiosk's record outranks it: an admission all the
				// same
				assertThat(admitted.join()).extracting(EntryResult::outcome)
					.allMatch((outcome) -> outcome == Outcome.APPLIED || outcome == Outcome.STALE);
			}
			for (String attendee : people) {
				assertThat(isCheckedIn(attendee)).as("round %d, %s", round, attendee).isTrue();
			}
		}
		assertThat(checkedIn()).isEqualTo(24);
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	// An event without a policy keeps no movements: the annulment waits in quarantine;
	// the first policy save turns the check-in into a movement, and the re-drive applies
	// it.
	@Test
	void withoutAPolicyAnAnnulmentIsQuarantinedUntilTheEventHasOne() {
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU));
		EntryResult annul = batch(kiosk,
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(1)).annuls(kiosk + ":1"))
			.get(0);
		assertThat(annul.outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(annul.reason()).isEqualTo(RejectionReason.ANNUL_WITHOUT_POLICY);
		assertThat(guardOutcome(kiosk + ":2")).isEqualTo("REJECTED:ANNUL_WITHOUT_POLICY");
		assertThat(checkedIn()).isEqualTo(1);

		savePolicy(TestPolicy.policy());
		JsonNode rejection = this.http.get("/admin/v1/rejections?kioskId=" + kiosk, ops()).body().get(0);
		assertThat(rejection.get("reason").asString()).isEqualTo("ANNUL_WITHOUT_POLICY");
		JsonNode redriven = this.http
			.post("/admin/v1/rejections/" + rejection.get("id").asLong() + "/redrive", ops(), "application/json", "")
			.body();
		assertThat(redriven.get("outcome").asString()).isEqualTo("APPLIED");
		assertThat(checkedIn()).isZero();
	}

	private List<EntryResult> batch(String kiosk, TestData.Entry... entries) {
		return this.reconciler.reconcile(TestData.request(kiosk, this.event, entries)).results();
	}

	private long checkedIn() {
		return this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body().get("checkedIn").asLong();
	}

	private boolean isCheckedIn(String attendee) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ?", Long.class,
				attendee) == 1;
	}

	private long movements(String attendee) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.movements WHERE attendee_id = ?", Long.class,
				attendee);
	}

	private String guardOutcome(String key) {
		return this.jdbc.queryForObject(
				"SELECT outcome || ':' || coalesce(reason, '') FROM reconciler.processed_entries WHERE idempotency_key = ?",
				String.class, key);
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
