package io.eventops.reconciler.express;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import io.eventops.reconciler.checkin.BatchReconciler;
import io.eventops.reconciler.claim.ClaimStore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of the places an express code's redemption holds at the badge area (#36,
 * invariant 14, commit 8ea7127), against real PostgreSQL and Redis: interleavings of
 * redemptions and kiosk grants after which more people are inside the hall than its
 * capacity, while every kiosk keeps to its allowance.
 */
@ReconcilerTest
class ExpressCodeHoldReviewTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private ClaimStore claims;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	// Finding 1: a resumed attempt holds places only for its check-ins that did not
	// commit, but the hold is a ledger of the code's source from base 0, so while it is
	// held the server's count leaves out the check-ins an earlier try of the attempt
	// committed as well: they are counted nowhere, and a kiosk asking then is granted
	// their places.
	@Test
	void aResumedAttemptsHoldLeavesTheCheckInsItsEarlierTryCommittedOutOfTheCount() throws Exception {
		long version = hall(4, "hall");
		List<String> trio = TestData.attendees(this.jdbc, this.event, 3);
		String code = createCode(trio);
		// another try of the same attempt has the third check-in's claim in flight: the
		// first try commits two and answers retry
		String third = this.claims.key(ExpressCodes.sourceOf(code), 3);
		ClaimStore.Claims inFlight = this.claims.claim(List.of(third));
		HttpTestClient.Response first = redeem(code, "attempt-1", null);
		assertThat(first.status()).isEqualTo(503);
		assertThat(checkIns(trio.subList(0, 2))).isEqualTo(2);
		assertThat(checkIns(trio.subList(2, 3))).isZero();
		this.claims.release(inFlight.lease(), List.of(third));
		String kiosk = TestData.kiosk();
		HttpTestClient.Response resumed;
		long places;
		try (Stall stall = new Stall("processed_entries", trio.get(2))) {
			CompletableFuture<HttpTestClient.Response> redemption = CompletableFuture
				.supplyAsync(() -> redeem(code, "attempt-1", null));
			stall.awaitReached();
			assertThat(holds(code)).as("the resumed attempt holds the place of its one uncommitted check-in").isOne();
			// 2 inside, 1 held: one place is free, and the kiosk alone shares them
			places = grant(kiosk, 1).get("places").asLong();
			stall.release();
			resumed = redemption.get(30, TimeUnit.SECONDS);
		}
		assertThat(resumed.status()).isEqualTo(200);
		admit(kiosk, version, places);
		assertThat(inside()).as("inside the hall of capacity 4 (the kiosk was granted " + places + ")")
			.isLessThanOrEqualTo(4);
	}

	// Finding 2: the hold is keyed by the code's source only. Station A's lease runs out
	// while its check-ins are on their way; station B takes the code over and holds its
	// places (letting A's hold go first); A is fenced out (V17), and its finally lets go
	// of the source's hold, which is B's now, before B's check-ins commit.
	@Test
	void aFencedOutAttemptLetsGoTheHoldOfTheStationThatTookItsCodeOver() throws Exception {
		long version = hall(1, "hall");
		List<String> pair = TestData.attendees(this.jdbc, this.event, 2);
		String code = createCode(pair);
		String kiosk = TestData.kiosk();
		HttpTestClient.Response a;
		HttpTestClient.Response b;
		long places;
		try (Stall stallA = new Stall("processed_entries", pair.get(0));
				Stall stallB = new Stall("processed_entries", pair.get(1))) {
			CompletableFuture<HttpTestClient.Response> first = CompletableFuture
				.supplyAsync(() -> redeem(code, "station-a-1", pair.subList(0, 1)));
			stallA.awaitReached();
			expireLease(code);
			CompletableFuture<HttpTestClient.Response> second = CompletableFuture
				.supplyAsync(() -> redeem(code, "station-b-1", pair.subList(1, 2)));
			stallB.awaitReached();
			assertThat(holds(code)).as("B holds its one place").isOne();
			stallA.release();
			a = first.get(30, TimeUnit.SECONDS);
			assertThat(a.status()).isEqualTo(409);
			// B's check-in is still on its way: the hall's one place is B's
			places = grant(kiosk, 1).get("places").asLong();
			stallB.release();
			b = second.get(30, TimeUnit.SECONDS);
		}
		assertThat(b.status()).isEqualTo(200);
		admit(kiosk, version, places);
		assertThat(inside()).as("inside the hall of capacity 1 (the kiosk was granted " + places + ")")
			.isLessThanOrEqualTo(1);
	}

	// Finding 3: the hold is taken at the badge area of the current policy, but the
	// check-ins are captured at the code's first claim and placed at the badge area of
	// the version in force then. A code refused area-full, the badge printing moved to
	// the desk (no capacity), the code redeemed again: nothing is held, and the check-in
	// lands in the full hall. Fixed: the hold is taken where the check-ins count.
	@Test
	void aCodeFirstClaimedBeforeTheBadgeAreaMovedChecksInAtTheOldOneWithoutAHold() {
		hall(2, "hall");
		String kiosk = TestData.kiosk();
		// the kiosk alone holds the hall's 2 places
		assertThat(grant(kiosk, 1).get("places").asLong()).isEqualTo(2);
		List<String> one = TestData.attendees(this.jdbc, this.event, 1);
		String code = createCode(one);
		HttpTestClient.Response refused = redeem(code, "attempt-1", null);
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.body().get("type").asString()).endsWith("area-full");
		// badges are printed at the desk from now on; the hall keeps its capacity
		long moved = hall(2, "desk");
		// the code's check-in would still count at the hall, of the version in force at
		// its first claim: refused again, with nothing checked in
		HttpTestClient.Response again = redeem(code, "attempt-1", null);
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.body().get("type").asString()).endsWith("area-full");
		assertThat(checkIns(one)).isZero();
		admit(kiosk, moved, 2);
		assertThat(inside()).as("inside the hall of capacity 2").isLessThanOrEqualTo(2);
	}

	// the hall with a capacity in a new version of the policy, badges printed at an area
	private long hall(int capacity, String badgeArea) {
		HttpTestClient.Response saved = this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
				TestPolicy.policy().area("hall", "ANY", Map.of("capacity", capacity)).badgeAt(badgeArea).build());
		assertThat(saved.status()).isEqualTo(200);
		return saved.body().get("version").asLong();
	}

	private JsonNode grant(String kiosk, int sharing) {
		Map<String, Object> body = new HashMap<>(Map.of("kioskId", kiosk, "sharing", sharing, "base", 0));
		HttpTestClient.Response granted = this.http
			.postJson("/internal/v1/events/" + this.event + "/areas/hall/allowances", internal(), body);
		assertThat(granted.status()).isEqualTo(200);
		return granted.body();
	}

	// the kiosk admits as many new attendees at the hall as its grant's places, and
	// flushes
	private void admit(String kiosk, long version, long places) {
		List<String> attendees = TestData.attendees(this.jdbc, this.event, (int) places);
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
		for (int i = 0; i < places; i++) {
			this.reconciler.reconcile(TestData.request(kiosk, this.event,
					TestData.entry(kiosk, i + 1, attendees.get(i)).capturedAt(now).admittedAt("hall", version)));
		}
	}

	private long inside() {
		HttpTestClient.Response occupancy = this.http.get("/admin/v1/events/" + this.event + "/areas/hall/occupancy",
				HttpTestClient.ops());
		assertThat(occupancy.status()).isEqualTo(200);
		return occupancy.body().get("inside").asLong();
	}

	private String createCode(List<String> attendees) {
		HttpTestClient.Response created = this.http.postJson("/admin/v1/events/" + this.event + "/express-codes",
				admin(), Map.of("attendeeIds", attendees));
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

	private void expireLease(String code) {
		assertThat(this.jdbc.update(
				"UPDATE reconciler.express_codes SET claim_expires_at = now() - interval '1 second' WHERE code = ?",
				code))
			.isOne();
	}

	private int checkIns(List<String> attendees) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ANY(?)",
				Integer.class, (Object) attendees.toArray(new String[0]));
	}

	private int holds(String code) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.allowances WHERE kiosk_id = ?", Integer.class,
				ExpressCodes.sourceOf(code));
	}

	/**
	 * Holds the transaction that writes an attendee's row into a table right before the
	 * row, until released (as in {@code ExpressCodeTests}).
	 */
	private final class Stall implements AutoCloseable {

		private static final int LOCK_CLASS = 4211;

		private final String table;

		private final String name;

		private final int key;

		private final Connection holder;

		private boolean held;

		Stall(String table, String attendee) throws SQLException {
			this.table = table;
			this.name = "t_review_" + table + "_" + attendee.replaceAll("[^A-Za-z0-9]", "_");
			this.key = Math.floorMod(this.name.hashCode(), Integer.MAX_VALUE);
			this.holder = ExpressCodeHoldReviewTests.this.dataSource.getConnection();
			this.holder.setAutoCommit(true);
			try (Statement statement = this.holder.createStatement()) {
				statement.execute("SELECT pg_advisory_lock(" + LOCK_CLASS + ", " + this.key + ")");
			}
			this.held = true;
			ExpressCodeHoldReviewTests.this.jdbc.execute(
					"CREATE FUNCTION reconciler." + this.name + "() RETURNS trigger AS $$ BEGIN IF NEW.attendee_id = '"
							+ attendee + "' THEN PERFORM pg_advisory_xact_lock(" + LOCK_CLASS + ", " + this.key
							+ "); END IF; RETURN NEW; END $$ LANGUAGE plpgsql");
			ExpressCodeHoldReviewTests.this.jdbc.execute("CREATE TRIGGER " + this.name + " BEFORE INSERT ON reconciler."
					+ table + " FOR EACH ROW EXECUTE FUNCTION reconciler." + this.name + "()");
		}

		void awaitReached() {
			Awaitility.await()
				.atMost(Duration.ofSeconds(20))
				.until(() -> ExpressCodeHoldReviewTests.this.jdbc.queryForObject("""
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
				ExpressCodeHoldReviewTests.this.jdbc
					.execute("DROP TRIGGER " + this.name + " ON reconciler." + this.table);
				ExpressCodeHoldReviewTests.this.jdbc.execute("DROP FUNCTION reconciler." + this.name + "()");
			}
		}

	}

}
