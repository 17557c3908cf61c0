package io.eventops.reconciler.checkin;

import java.time.OffsetDateTime;
import java.util.List;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reviewer's tests of the access-control work on main (#35, invariants 7, 10, 12): each
 * one fails on main and says in its comment what it shows. They use the batch path, the
 * stream and the admin API against PostgreSQL and Redis, as AccessControlBatchTests does.
 */
@ReconcilerTest
class AccessControlReviewTests {

	// before every policy these tests save (the policy is saved "now", after it)
	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private MeterRegistry meters;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	/**
	 * Invariant 7 (and "nothing lost"): an offline kiosk checked two attendees in before
	 * the event had a policy, as contract v1 entries (no area, no version). The one
	 * delivered before ops saved the first policy gets its badge job; the one delivered
	 * after gets none, ever: the entry now takes the policy path, its area is null, so
	 * PolicyPath.printsBadge is false, and the badge desk's later admission is the only
	 * way to a badge. The same check-in also comes out flagged ADMITTED_AGAINST_RULES
	 * (TICKET_NOT_VALID_HERE: MovementHistory maps the null area to "", an area no policy
	 * knows), judged under a version that did not exist at its capture. Arrival order
	 * relative to the policy save decides the badge and the flag. Fails on main: no badge
	 * job for the second attendee.
	 */
	@Test
	void aCheckInCapturedBeforeTheFirstPolicyAndDeliveredAfterItStillGetsItsBadge() {
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		String kiosk = TestData.kiosk();
		TestData.Entry early = TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU);
		TestData.Entry late = TestData.entry(kiosk, 2, people.get(1)).capturedAt(THU.plusMinutes(1));
		assertThat(batch(kiosk, early).get(0).badgeJobId()).isNotNull();
		savePolicy(TestPolicy.policy().area("hall", "ONCE"));
		EntryResult result = batch(kiosk, late).get(0);
		assertThat(result.outcome()).isEqualTo(Outcome.APPLIED);
		assertThat(badgeJobs(people.get(1))).as("badge jobs of the attendee delivered after the save").isEqualTo(1);
		assertThat(flags(people.get(1))).as("a check-in no rule was in force for").isEmpty();
		assertThat(this.jdbc.queryForObject("SELECT area_id FROM reconciler.movements WHERE idempotency_key = ?",
				String.class, kiosk + ":2"))
			.as("a kiosk without an area is the badge desk")
			.isEqualTo("desk");
	}

	/**
	 * Invariant 12 ("the attendee's prior entries"): the check-ins recorded before an
	 * event's first policy become movements at the badge area in the save's transaction,
	 * judged, and sent to the kiosk caches as an UPDATED change, so the judgement, the
	 * online check and an offline door count them. A later save adds nothing.
	 */
	@Test
	void theFirstPolicySaveMakesTheEarlierCheckInsPartOfTheHistory() {
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU));
		long before = snapshot().get("streamSeq").asLong();
		savePolicy(TestPolicy.policy().area("hall", "ONCE"));
		assertThat(this.jdbc.queryForList("""
				SELECT idempotency_key || ' ' || kiosk_id || ' ' || type || ' ' || area_id || ' ' || judged_version
				  || ' ' || server_verdict || ' ' || against_rules FROM reconciler.movements WHERE attendee_id = ?""",
				String.class, people.get(0)))
			.containsExactly(kiosk + ":1 " + kiosk + " CHECK_IN desk 1 ADMIT false");
		assertThat(this.jdbc.queryForObject(
				"SELECT captured_at = ?::timestamptz FROM reconciler.movements WHERE attendee_id = ?", Boolean.class,
				THU.toString(), people.get(0)))
			.isTrue();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.movements WHERE attendee_id = ?",
				Long.class, people.get(1)))
			.isZero();
		JsonNode changes = this.http.get("/internal/v1/events/" + this.event + "/changes?after=" + before, internal())
			.body()
			.get("changes");
		JsonNode updated = null;
		for (JsonNode change : changes) {
			if (change.get("kind").asString().equals("UPDATED")) {
				updated = change.get("attendee");
			}
		}
		assertThat(updated).as("the changes after the save: %s", changes).isNotNull();
		assertThat(updated.get("attendeeId").asString()).isEqualTo(people.get(0));
		assertThat(updated.get("movements").get(0).get("areaId").asString()).isEqualTo("desk");
		savePolicy(TestPolicy.policy().area("hall", "ANY"));
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.movements WHERE event_id = ?", Long.class,
				this.event))
			.isEqualTo(1);
	}

	/**
	 * Invariant 12, "flags converge whatever the order of arrival", with an entry that
	 * names a policy version the event does not have yet (the edge accepts any integer >=
	 * 0 and the reconciler falls back to the version in force at capture). Two attendees
	 * get the same three entries; for the first the third arrives after ops saved version
	 * 2, for the second before. The second entry names version 2: judged under version 1
	 * (hall ONCE) while 2 is missing, it is flagged ALREADY_ENTERED, and only a later
	 * re-judgement (some later movement of that attendee) moves it to version 2 (hall
	 * ANY). Nothing re-judges on a save, so the final flags depend on whether another
	 * movement of the attendee happened to arrive after the save. Fails on main: the
	 * second attendee keeps a flag the first does not have. Either reject an unknown
	 * version (INVALID_ENTRY, field policyVersion, alone: invariant 11) or store the
	 * version that was used and never move to one saved later.
	 */
	@Test
	void anEntryNamingAVersionNotYetSavedConvergesWhateverTheOrderOfTheSave() {
		savePolicy(TestPolicy.policy().area("hall", "ONCE"));
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		String kiosk = TestData.kiosk();
		String other = TestData.kiosk();
		String x = people.get(0);
		String y = people.get(1);
		batch(kiosk, TestData.entry(kiosk, 1, x).capturedAt(THU).admittedAt("hall", 1),
				TestData.entry(kiosk, 2, x).capturedAt(THU.plusMinutes(5)).admittedAt("hall", 2),
				TestData.entry(kiosk, 3, y).capturedAt(THU).admittedAt("hall", 1),
				TestData.entry(kiosk, 4, y).capturedAt(THU.plusMinutes(5)).admittedAt("hall", 2));
		// y's later movement arrives before the save
		batch(other, TestData.entry(other, 2, y).capturedAt(THU.plusMinutes(30)).exitAt("desk"));
		savePolicy(TestPolicy.policy().area("hall", "ANY"));
		// x's arrives after it
		batch(other, TestData.entry(other, 1, x).capturedAt(THU.plusMinutes(30)).exitAt("desk"));
		// Both second admissions named version 2 before it existed: each was judged under
		// the fallback (version 1, hall ONCE) when first recorded, and keeps it whatever
		// arrives after the save (the judged version is fixed once, never re-resolved).
		assertThat(flags(x)).containsExactly(kiosk + ":2=ALREADY_ENTERED");
		assertThat(flags(y)).as("the same entries, the save at another point of the arrivals")
			.containsExactly(kiosk + ":4=ALREADY_ENTERED");
		assertThat(this.jdbc.queryForList(
				"SELECT DISTINCT judged_version FROM reconciler.movements WHERE attendee_id IN (?, ?) AND type = 'CHECK_IN'",
				Integer.class, x, y))
			.containsExactly(1);
	}

	/**
	 * docs/access-control.md, "Kiosks": the snapshot's attendees carry ticketType and
	 * movements, and a movement appends an UPDATED change "with all its movements", so an
	 * offline door decides from the other doors' admissions (the whole point:
	 * "offline devices count prior entries from their own queue only" is the anchor's
	 * weakness). On main the reconciler's AttendeeState has neither field: a kiosk's
	 * cache never holds another kiosk's movement, so an offline door admits a ONCE ticket
	 * that another door admitted an hour ago (AdmissionDesk.decideHere sees only its own
	 * log). Fails on main: no "movements" in the snapshot.
	 */
	@Test
	void theSnapshotAndTheChangesCarryTheAttendeesMovements() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ONCE"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		long before = snapshot().get("streamSeq").asLong();
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", version));
		JsonNode changes = this.http.get("/internal/v1/events/" + this.event + "/changes?after=" + before, internal())
			.body()
			.get("changes");
		assertThat(changes).isNotEmpty();
		JsonNode changed = changes.get(changes.size() - 1).get("attendee");
		assertThat(changed.has("movements")).as("the change of a movement carries the movements: %s", changed).isTrue();
		assertThat(changed.get("movements").get(0).get("key").asString()).isEqualTo(kiosk + ":1");
		// a null ticket type is left out ("missing means the policy's first")
		this.jdbc.update("UPDATE reconciler.attendees SET ticket_type = 'full' WHERE attendee_id = ?", attendee);
		JsonNode inSnapshot = null;
		for (JsonNode one : snapshot().get("attendees")) {
			if (one.get("attendeeId").asString().equals(attendee)) {
				inSnapshot = one;
			}
		}
		assertThat(inSnapshot).isNotNull();
		assertThat(inSnapshot.has("ticketType")).as("the snapshot's attendee: %s", inSnapshot).isTrue();
		assertThat(inSnapshot.get("movements").get(0).get("areaId").asString()).isEqualTo("hall");
	}

	/**
	 * docs/access-control.md, "At the reconciler": GET
	 * /admin/v1/events/{eventId}/rule-overrides lists the flagged admissions for ops, and
	 * the alert AdmittedAgainstRules (deploy/prometheus/alerts.yml) watches
	 * eventops_rule_overrides. On main neither the endpoint nor the gauge exists (no
	 * service registers the metric: the alert can never fire, and the runbook's step 3
	 * answers 404). Fails on main: 404.
	 */
	@Test
	void opsCanListTheAdmissionsAgainstTheRules() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ONCE"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		batch(a, TestData.entry(a, 1, attendee).capturedAt(THU).admittedAt("hall", version));
		batch(b, TestData.entry(b, 1, attendee).capturedAt(THU.plusMinutes(5)).admittedAt("hall", version));
		assertThat(flags(attendee)).containsExactly(b + ":1=ALREADY_ENTERED");
		HttpTestClient.Response overrides = this.http.get("/admin/v1/events/" + this.event + "/rule-overrides", ops());
		assertThat(overrides.status()).isEqualTo(200);
		assertThat(overrides.body().toString()).contains(b + ":1").contains("ALREADY_ENTERED");
		assertThat(this.meters.getMeters()).extracting((meter) -> meter.getId().getName())
			.as("the gauge the alert AdmittedAgainstRules reads")
			.contains("eventops.rule.overrides");
	}

	private JsonNode snapshot() {
		return this.http.get("/internal/v1/events/" + this.event + "/snapshot", internal()).body();
	}

	private List<EntryResult> batch(String kiosk, TestData.Entry... entries) {
		return this.reconciler.reconcile(TestData.request(kiosk, this.event, entries)).results();
	}

	private long badgeJobs(String attendee) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE attendee_id = ?", Long.class,
				attendee);
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
