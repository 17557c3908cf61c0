package io.eventops.reconciler.express;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.checkin.BatchReconciler;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static org.assertj.core.api.Assertions.assertThat;

@ReconcilerTest
class ExpressCodeTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private BatchReconciler reconciler;

	private HttpTestClient http;

	private String event;

	private List<String> group;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.group = TestData.attendees(this.jdbc, this.event, 3);
	}

	@Test
	void twoStationsAtOnceGetOneRedemptionAndOneInFlightAndTheRetryGetsTheStoredResult() throws Exception {
		String code = createCode(this.group);
		String trigger = slowCheckIns(this.group.get(0));
		try {
			CompletableFuture<HttpTestClient.Response> first = CompletableFuture
				.supplyAsync(() -> redeem(code, "station-a-1", null));
			Awaitility.await()
				.until(() -> this.jdbc.queryForObject(
						"SELECT claim_token IS NOT NULL FROM reconciler.express_codes WHERE code = ?", Boolean.class,
						code));
			// B comes while A's check-ins are in flight: it sees A's lease (in-flight),
			// or,
			// once A's check-in transaction passed the code's fence (V17) and holds the
			// code's row, it waits for A's commit and sees the code used (already-used);
			// which of the two depends on how far A got, and neither redeems anything
			HttpTestClient.Response second = redeem(code, "station-b-1", null);
			assertThat(second.status()).isEqualTo(409);
			assertThat(second.body().get("type").asString()).matches(".*(in-flight|already-used)$");
			HttpTestClient.Response won = first.get();
			assertThat(won.status()).isEqualTo(200);
			assertThat(won.body().get("duplicate").asBoolean()).isFalse();
			assertThat(won.body().get("result").get("checkedIn")).hasSize(3);
			assertThat(won.body().get("result").get("badgeJobIds")).hasSize(3);

			HttpTestClient.Response lostResponseRetry = redeem(code, "station-a-1", null);
			assertThat(lostResponseRetry.status()).isEqualTo(200);
			assertThat(lostResponseRetry.body().get("duplicate").asBoolean()).isTrue();
			assertThat(lostResponseRetry.body().get("result")).isEqualTo(won.body().get("result"));
			HttpTestClient.Response other = redeem(code, "station-b-2", null);
			assertThat(other.status()).isEqualTo(409);
			assertThat(other.body().get("type").asString()).endsWith("already-used");
		}
		finally {
			this.jdbc.execute("DROP TRIGGER " + trigger + " ON reconciler.check_ins");
		}
		assertOneCheckInAndOneJobEach(this.group);
	}

	@Test
	void aFailureAfterTheClaimReleasesTheLeaseSoAnImmediateRetrySucceeds() {
		String code = createCode(this.group);
		String trigger = failingCheckIns(this.group.get(1));
		HttpTestClient.Response failed = redeem(code, "attempt-1", this.group.subList(0, 2));
		assertThat(failed.status()).isGreaterThanOrEqualTo(500);
		assertThat(this.jdbc.queryForObject("SELECT claim_token FROM reconciler.express_codes WHERE code = ?",
				String.class, code))
			.isNull();
		this.jdbc.execute("DROP TRIGGER " + trigger + " ON reconciler.check_ins");

		// the resumed attempt sends no selection: it reuses the one its first try stored
		HttpTestClient.Response resumed = redeem(code, "attempt-1", null);
		assertThat(resumed.status()).isEqualTo(200);
		assertThat(resumed.body().get("result").get("checkedIn")).hasSize(2);
		assertOneCheckInAndOneJobEach(this.group.subList(0, 2));
		assertThat(checkIns(this.group.get(2))).isZero();
	}

	@Test
	void anAttemptWhosePodDiedAfterTheCheckInsCommittedIsResumedWithTheReconstructedResult() {
		String code = createCode(this.group);
		HttpTestClient.Response first = redeem(code, "attempt-1", this.group.subList(0, 2));
		assertThat(first.status()).isEqualTo(200);
		// what a pod that died between the check-ins' commit and storing the result
		// leaves:
		// the attempt's claim (lease still running), selection and first claim time, no
		// result
		this.jdbc.update("""
				UPDATE reconciler.express_codes SET used_at = NULL, result = NULL, claim_token = 'claim:dead-pod',
				  claim_expires_at = now() + interval '2 minutes' WHERE code = ?""", code);

		HttpTestClient.Response other = redeem(code, "attempt-2", null);
		assertThat(other.status()).isEqualTo(409);
		assertThat(other.body().get("type").asString()).endsWith("in-flight");
		HttpTestClient.Response resumed = redeem(code, "attempt-1", null);
		assertThat(resumed.status()).isEqualTo(200);
		assertThat(resumed.body().get("duplicate").asBoolean()).isFalse();
		assertThat(resumed.body().get("result")).isEqualTo(first.body().get("result"));
		HttpTestClient.Response again = redeem(code, "attempt-1", null);
		assertThat(again.body().get("duplicate").asBoolean()).isTrue();
		assertThat(again.body().get("result")).isEqualTo(first.body().get("result"));
		assertOneCheckInAndOneJobEach(this.group.subList(0, 2));
		assertThat(checkIns(this.group.get(2))).isZero();
		assertNoQuarantine(code);
	}

	@Test
	void aFailureStoringTheResultIsResumedByTheRetryInsteadOfBeingTakenForKeyReuse() {
		String code = createCode(this.group);
		String trigger = failingResultStorage(code);
		try {
			assertThat(redeem(code, "attempt-1", null).status()).isGreaterThanOrEqualTo(500);
			assertOneCheckInAndOneJobEach(this.group);
		}
		finally {
			this.jdbc.execute("DROP TRIGGER " + trigger + " ON reconciler.express_codes");
		}
		HttpTestClient.Response resumed = redeem(code, "attempt-1", null);
		assertThat(resumed.status()).isEqualTo(200);
		assertThat(resumed.body().get("result").get("checkedIn")).hasSize(3);
		assertThat(resumed.body().get("result").get("badgeJobIds")).hasSize(3);
		assertOneCheckInAndOneJobEach(this.group);
		assertNoQuarantine(code);
	}

	// the check-ins of attempt-1 committed and only storing its result failed: the code
	// is
	// spent on attempt-1's selection, so another station must not redeem it for another
	// selection, and attempt-1's retry must get what committed
	@Test
	void aFailureStoringTheResultKeepsTheCodeForTheAttemptWhoseCheckInsCommitted() {
		String code = createCode(this.group);
		String trigger = failingResultStorage(code);
		try {
			assertThat(redeem(code, "attempt-1", this.group.subList(0, 2)).status()).isGreaterThanOrEqualTo(500);
		}
		finally {
			this.jdbc.execute("DROP TRIGGER " + trigger + " ON reconciler.express_codes");
		}

		assertProblem(redeem(code, "attempt-2", this.group.subList(2, 3)), 409, "already-used");
		HttpTestClient.Response retried = redeem(code, "attempt-1", null);
		assertThat(retried.status()).isEqualTo(200);
		assertThat(retried.body().get("result").get("checkedIn")).hasSize(2);
		assertThat(retried.body().get("result").get("badgeJobIds")).hasSize(2);
		assertOneCheckInAndOneJobEach(this.group.subList(0, 2));
		assertThat(checkIns(this.group.get(2))).isZero();
		assertProblem(this.http.post("/admin/v1/express-codes/" + code + "/replace", admin(), "application/json", ""),
				409, "not-replaceable");
	}

	// the same once the lease of an attempt whose pod died after its check-ins committed
	// ran out: what committed holds the code, not the lease
	@Test
	void anExpiredLeaseOfAnAttemptWhoseCheckInsCommittedLetsNoOtherAttemptRedeem() {
		String code = createCode(this.group);
		assertThat(redeem(code, "attempt-1", this.group.subList(0, 1)).status()).isEqualTo(200);
		this.jdbc.update("""
				UPDATE reconciler.express_codes SET used_at = NULL, result = NULL, claim_token = 'claim:dead-pod',
				  claim_expires_at = now() - interval '1 second' WHERE code = ?""", code);

		assertProblem(redeem(code, "attempt-2", null), 409, "already-used");
		assertProblem(this.http.post("/admin/v1/express-codes/" + code + "/replace", admin(), "application/json", ""),
				409, "not-replaceable");
		HttpTestClient.Response resumed = redeem(code, "attempt-1", null);
		assertThat(resumed.status()).isEqualTo(200);
		assertThat(resumed.body().get("result").get("checkedIn")).hasSize(1);
		assertOneCheckInAndOneJobEach(this.group.subList(0, 1));
		assertThat(checkIns(this.group.get(1))).isZero();
		assertThat(checkIns(this.group.get(2))).isZero();
	}

	// issue #42 item 10 across the upgrade: the previous release keyed a code's check-ins
	// xc-{code, lower case}:{position}, and this one tells a code whose check-ins
	// committed only by guard rows keyed xc:{CODE}:{position}; nothing migrates the old
	// keys. A code whose check-ins committed on an old replica while storing the result
	// failed (or whose pod the rolling deploy itself stopped: "the pod died") is free
	// again on a new replica, and another station redeems it for another selection
	@Test
	void aCodeWhoseCheckInsCommittedUnderThePreviousReleasesKeysStaysThatAttemptsAfterTheUpgrade() {
		String code = createCode(this.group);
		String attendee = this.group.get(0);
		Instant firstClaimed = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.jdbc.update("""
				UPDATE reconciler.express_codes SET client_submission_id = 'attempt-1', selection = ?,
				  first_claimed_at = ? WHERE code = ?""", new String[] { attendee }, Timestamp.from(firstClaimed),
				code);
		// the check-ins as the previous release's ExpressCodes.checkIn sent them
		String oldSource = "xc-" + code.toLowerCase(java.util.Locale.ROOT);
		OffsetDateTime capturedAt = firstClaimed.atOffset(ZoneOffset.UTC);
		FlushEntry entry = new FlushEntry(1, FlushEntry.keyOf(oldSource, 1), EntryType.CHECK_IN, attendee, capturedAt,
				capturedAt, false, null);
		ReconcileEntry old = ReconcileEntry.valid(entry,
				"{\"expressCode\":\"" + code + "\",\"attendeeId\":\"" + attendee + "\",\"seq\":1}", List.of());
		assertThat(this.reconciler.reconcile(new ReconcileRequest(oldSource, this.event, "default", List.of(old)))
			.results()
			.get(0)
			.outcome()).isEqualTo(Outcome.APPLIED);

		assertProblem(redeem(code, "attempt-2", this.group.subList(1, 3)), 409, "already-used");
		assertThat(checkIns(this.group.get(1))).isZero();
		assertThat(checkIns(this.group.get(2))).isZero();
	}

	// issue #42 item 10, the part left open: station A's lease runs out while its
	// check-ins are on their way (a stalled pod, a slow PostgreSQL); station B claims the
	// code for another selection while A's check-in transaction is still open. Before the
	// fence both committed: one code checked in A's attendee and B's two
	@Test
	void anAttemptWhoseLeaseRanOutInFlightAndAnotherStationNeverBothCheckIn() throws Exception {
		String code = createCode(this.group);
		HttpTestClient.Response a;
		HttpTestClient.Response b;
		try (Stall beforeItsWrites = new Stall("processed_entries", this.group.get(0));
				Stall inItsCheckIns = new Stall("check_ins", this.group.get(0))) {
			CompletableFuture<HttpTestClient.Response> first = CompletableFuture
				.supplyAsync(() -> redeem(code, "station-a-1", this.group.subList(0, 1)));
			beforeItsWrites.awaitReached();
			expireLease(code);
			beforeItsWrites.release();
			inItsCheckIns.awaitReached();
			CompletableFuture<HttpTestClient.Response> second = CompletableFuture
				.supplyAsync(() -> redeem(code, "station-b-1", this.group.subList(1, 3)));
			// B is answered, or waits for a lock that A's open transaction holds
			Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> second.isDone() || aStatementWaitsForALock());
			inItsCheckIns.release();
			a = first.get(30, TimeUnit.SECONDS);
			b = second.get(30, TimeUnit.SECONDS);
		}
		boolean aCheckedIn = checkIns(this.group.get(0)) > 0;
		boolean bCheckedIn = checkIns(this.group.get(1)) + checkIns(this.group.get(2)) > 0;
		assertThat(aCheckedIn && bCheckedIn).as("both stations' selections checked in by one code").isFalse();
		assertThat(List.of(a.status(), b.status())).containsOnlyOnce(200);
		// A was first to write and still held the code: what it wrote stands
		assertThat(a.status()).isEqualTo(200);
		assertThat(a.body().get("result").get("checkedIn")).hasSize(1);
		assertProblem(b, 409, "already-used");
		assertOneCheckInAndOneJobEach(this.group.subList(0, 1));
		HttpTestClient.Response retried = redeem(code, "station-a-1", null);
		assertThat(retried.status()).isEqualTo(200);
		assertThat(retried.body().get("duplicate").asBoolean()).isTrue();
		assertThat(retried.body().get("result")).isEqualTo(a.body().get("result"));
	}

	// the same stall, but before A's check-in transaction wrote anything: B takes the
	// code
	// over and redeems it, and A's check-ins, written afterwards, must not commit
	@Test
	void anAttemptThatStalledBeforeItsCheckInsWereWrittenIsRefusedOnceAnotherStationTookTheCodeOver() throws Exception {
		String code = createCode(this.group);
		HttpTestClient.Response a;
		HttpTestClient.Response b;
		try (Stall beforeItsWrites = new Stall("processed_entries", this.group.get(0))) {
			CompletableFuture<HttpTestClient.Response> first = CompletableFuture
				.supplyAsync(() -> redeem(code, "station-a-1", this.group.subList(0, 1)));
			beforeItsWrites.awaitReached();
			expireLease(code);
			b = redeem(code, "station-b-1", this.group.subList(1, 3));
			beforeItsWrites.release();
			a = first.get(30, TimeUnit.SECONDS);
		}
		assertThat(b.status()).isEqualTo(200);
		assertThat(b.body().get("result").get("checkedIn")).hasSize(2);
		assertProblem(a, 409, "in-flight");
		assertThat(checkIns(this.group.get(0))).isZero();
		assertOneCheckInAndOneJobEach(this.group.subList(1, 3));
		assertProblem(redeem(code, "station-a-1", null), 409, "already-used");
		HttpTestClient.Response retried = redeem(code, "station-b-1", null);
		assertThat(retried.body().get("duplicate").asBoolean()).isTrue();
		assertThat(retried.body().get("result")).isEqualTo(b.body().get("result"));
		assertNoQuarantine(code);
	}

	// kiosk ids and express codes' sources once shared one namespace: a kiosk named like
	// the code's source ("xc-" and the code) held the code's keys, and the redemption was
	// refused as key reuse for good (invariant 3)
	@Test
	void aKioskNamedLikeACodesSourceNeverHoldsTheCodesKeys() {
		String code = createCode(this.group);
		String lookalike = "xc-" + code.toLowerCase(java.util.Locale.ROOT);
		String other = TestData.attendees(this.jdbc, this.event, 1).get(0);
		assertThat(
				this.reconciler.reconcile(TestData.request(lookalike, this.event, TestData.entry(lookalike, 1, other)))
					.results()
					.get(0)
					.outcome())
			.isEqualTo(Outcome.APPLIED);

		HttpTestClient.Response redeemed = redeem(code, "attempt-1", null);
		assertThat(redeemed.status()).isEqualTo(200);
		assertThat(redeemed.body().get("result").get("checkedIn")).hasSize(3);
		assertOneCheckInAndOneJobEach(this.group);
		assertNoQuarantine(code);
	}

	@Test
	void aCodeIsFoundHoweverItIsTyped() {
		String code = createCode(this.group);
		String typed = (code.substring(0, 3) + "-" + code.substring(3, 7) + "--" + code.substring(7))
			.toLowerCase(java.util.Locale.ROOT)
			.replace('1', 'l')
			.replace('0', 'o');
		HttpTestClient.Response redeemed = redeem(typed, "typed-1", null);
		assertThat(redeemed.status()).isEqualTo(200);
		assertThat(redeemed.body().get("code").asString()).isEqualTo(code);
		assertProblem(redeem("ABCDEFGHJU", "typed-2", null), 404, "unknown-code");
	}

	@Test
	void expiredReplacedUnknownAndWrongEventCodesEachGetTheirStatus() {
		String expired = createCode(this.group);
		this.jdbc.update("UPDATE reconciler.express_codes SET expires_at = now() - interval '1 minute' WHERE code = ?",
				expired);
		assertProblem(redeem(expired, "s-1", null), 410, "expired");

		String old = createCode(this.group);
		HttpTestClient.Response replaced = this.http.post("/admin/v1/express-codes/" + old + "/replace", admin(),
				"application/json", "");
		assertThat(replaced.status()).isEqualTo(201);
		assertProblem(redeem(old, "s-2", null), 410, "replaced");
		assertThat(redeem(replaced.body().get("code").asString(), "s-3", null).status()).isEqualTo(200);

		assertProblem(redeem("NOSUCHCODE", "s-4", null), 404, "unknown-code");

		String otherEvent = TestData.unique("evt");
		String foreign = createCode(otherEvent, TestData.attendees(this.jdbc, otherEvent, 1));
		assertProblem(redeem(foreign, "s-5", null), 422, "wrong-event");

		HttpTestClient.Response missing = this.http.postJson("/internal/v1/express-codes/" + old + "/redeem",
				internal(), Map.of("kioskId", "kiosk-01", "eventId", this.event, "printerPool", "default"));
		assertProblem(missing, 422, "missing-client-submission-id");
		assertOneCheckInAndOneJobEach(this.group);
	}

	@Test
	void onlyAdminsIssueCodesForRegisteredAttendees() {
		assertThat(this.http
			.postJson("/admin/v1/events/" + this.event + "/express-codes", HttpTestClient.ops(),
					Map.of("attendeeIds", this.group))
			.status()).isEqualTo(403);
		assertThat(this.http
			.postJson("/admin/v1/events/" + this.event + "/express-codes", admin(),
					Map.of("attendeeIds", List.of("att_nobody")))
			.status()).isEqualTo(422);
		assertThat(this.http
			.postJson("/admin/v1/events/" + this.event + "/express-codes", admin(), Map.of("attendeeIds", List.of()))
			.status()).isEqualTo(422);
	}

	private String createCode(List<String> attendees) {
		return createCode(this.event, attendees);
	}

	private String createCode(String eventId, List<String> attendees) {
		HttpTestClient.Response created = this.http.postJson("/admin/v1/events/" + eventId + "/express-codes", admin(),
				Map.of("attendeeIds", attendees));
		assertThat(created.status()).isEqualTo(201);
		return created.body().get("code").asString();
	}

	private HttpTestClient.Response redeem(String code, String submission, List<String> attendees) {
		Map<String, Object> body = new HashMap<>(Map.of("kioskId", "kiosk-01", "eventId", this.event, "printerPool",
				"default", "clientSubmissionId", submission));
		if (attendees != null) {
			body.put("attendeeIds", attendees);
		}
		return this.http.postJson("/internal/v1/express-codes/" + code + "/redeem", internal(), body);
	}

	// the lease of the attempt holding the code runs out now
	private void expireLease(String code) {
		assertThat(this.jdbc.update(
				"UPDATE reconciler.express_codes SET claim_expires_at = now() - interval '1 second' WHERE code = ?",
				code))
			.isOne();
	}

	// a statement of this database waits for a row or transaction lock (not a stall's)
	private boolean aStatementWaitsForALock() {
		return this.jdbc.queryForObject("""
				SELECT count(*) > 0 FROM pg_stat_activity WHERE datname = current_database()
				  AND wait_event_type = 'Lock' AND wait_event <> 'advisory'""", Boolean.class);
	}

	/**
	 * Holds the transaction that writes an attendee's row into a table right before the
	 * row, until released: a trigger there waits for an advisory lock the test holds on a
	 * connection of its own.
	 */
	private final class Stall implements AutoCloseable {

		private static final int LOCK_CLASS = 4210;

		private final String table;

		private final String name;

		private final int key;

		private final Connection holder;

		private boolean held;

		Stall(String table, String attendee) throws SQLException {
			this.table = table;
			this.name = "t_stall_" + table + "_" + attendee.replaceAll("[^A-Za-z0-9]", "_");
			this.key = Math.floorMod(this.name.hashCode(), Integer.MAX_VALUE);
			this.holder = ExpressCodeTests.this.dataSource.getConnection();
			this.holder.setAutoCommit(true);
			try (Statement statement = this.holder.createStatement()) {
				statement.execute("SELECT pg_advisory_lock(" + LOCK_CLASS + ", " + this.key + ")");
			}
			this.held = true;
			ExpressCodeTests.this.jdbc.execute(
					"CREATE FUNCTION reconciler." + this.name + "() RETURNS trigger AS $$ BEGIN IF NEW.attendee_id = '"
							+ attendee + "' THEN PERFORM pg_advisory_xact_lock(" + LOCK_CLASS + ", " + this.key
							+ "); END IF; RETURN NEW; END $$ LANGUAGE plpgsql");
			ExpressCodeTests.this.jdbc.execute("CREATE TRIGGER " + this.name + " BEFORE INSERT ON reconciler." + table
					+ " FOR EACH ROW EXECUTE FUNCTION reconciler." + this.name + "()");
		}

		// a transaction waits at the stall
		void awaitReached() {
			Awaitility.await()
				.atMost(Duration.ofSeconds(20))
				.until(() -> ExpressCodeTests.this.jdbc.queryForObject("""
						SELECT count(*) > 0 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
						  AND classid::int8 = ? AND objid::int8 = ?
						  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())""",
						Boolean.class, LOCK_CLASS, this.key));
		}

		void release() throws SQLException {
			if (this.held) {
				try (Statement statement = this.holder.createStatement()) {
					statement.execute("SELECT pg_advisory_unlock(" + LOCK_CLASS + ", " + this.key + ")");
				}
				this.held = false;
			}
		}

		@Override
		public void close() throws SQLException {
			try {
				release();
			}
			finally {
				this.holder.close();
				ExpressCodeTests.this.jdbc.execute("DROP TRIGGER " + this.name + " ON reconciler." + this.table);
				ExpressCodeTests.this.jdbc.execute("DROP FUNCTION reconciler." + this.name + "()");
			}
		}

	}

	// storing a redemption's result on the code fails until the trigger is dropped
	private String failingResultStorage(String code) {
		String trigger = "t_no_result_" + code.toLowerCase(java.util.Locale.ROOT);
		this.jdbc.execute("CREATE FUNCTION reconciler." + trigger + "() RETURNS trigger AS $$ BEGIN "
				+ "IF NEW.result IS NOT NULL THEN RAISE EXCEPTION 'injected failure storing the result'; END IF; "
				+ "RETURN NEW; END $$ LANGUAGE plpgsql");
		this.jdbc.execute("CREATE TRIGGER " + trigger + " BEFORE UPDATE ON reconciler.express_codes FOR EACH ROW "
				+ "WHEN (NEW.code = '" + code + "') EXECUTE FUNCTION reconciler." + trigger + "()");
		return trigger;
	}

	private String slowCheckIns(String attendee) {
		return trigger(attendee, "PERFORM pg_sleep(1.5);");
	}

	private String failingCheckIns(String attendee) {
		return trigger(attendee, "RAISE EXCEPTION 'injected failure';");
	}

	private String trigger(String attendee, String action) {
		String name = "t_" + attendee.replaceAll("[^A-Za-z0-9]", "_");
		this.jdbc.execute("CREATE OR REPLACE FUNCTION reconciler." + name + "() RETURNS trigger AS $$ BEGIN "
				+ "IF NEW.attendee_id = '" + attendee + "' THEN " + action + " END IF; RETURN NEW; END $$ "
				+ "LANGUAGE plpgsql");
		this.jdbc.execute("CREATE TRIGGER " + name + " BEFORE INSERT ON reconciler.check_ins FOR EACH ROW "
				+ "EXECUTE FUNCTION reconciler." + name + "()");
		return name;
	}

	private void assertProblem(HttpTestClient.Response response, int status, String slug) {
		assertThat(response.status()).isEqualTo(status);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.body().get("type").asString()).endsWith(slug);
	}

	private void assertOneCheckInAndOneJobEach(List<String> attendees) {
		for (String attendee : attendees) {
			assertThat(checkIns(attendee)).isOne();
			assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE attendee_id = ?",
					Integer.class, attendee))
				.isOne();
		}
	}

	private void assertNoQuarantine(String code) {
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ?",
				Integer.class, ExpressCodes.sourceOf(code)))
			.isZero();
	}

	private int checkIns(String attendee) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ?",
				Integer.class, attendee);
	}

}
