package io.eventops.reconciler.access;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import io.eventops.reconciler.checkin.BatchReconciler;
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
 * Escrowed admission allowances over HTTP against real PostgreSQL (#36, invariant 14):
 * grants share the free places, count what each kiosk holds after its base, give no place
 * for an exit that undoes no admission of the kiosk's, keep the count outside the ledgers
 * plus every live reserve within the capacity (also when kiosks ask at once), and give an
 * ended lease's places back.
 */
@ReconcilerTest
class AllowanceTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	private long version;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.version = hallWithCapacity(10);
	}

	@Test
	void grantsShareTheFreePlacesAndCountWhatEachKioskHoldsAfterItsBase() {
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		JsonNode first = grant(a, 2, null, null, 0).body();
		assertThat(first.get("capacity").asLong()).isEqualTo(10);
		assertThat(first.get("places").asLong()).isEqualTo(5);
		assertThat(first.get("base").asLong()).isZero();
		assertThat(first.get("policyVersion").asLong()).isEqualTo(this.version);
		assertThat(OffsetDateTime.parse(first.get("leaseUntil").asString())).isAfter(OffsetDateTime.now());
		// a fair share is 5 of the 10 not in use, and 5 are free
		JsonNode second = grant(b, 2, null, null, 0).body();
		assertThat(second.get("places").asLong()).isEqualTo(5);
		// a admits 4 and one of them leaves at b
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 4);
		for (int i = 0; i < 4; i++) {
			this.reconciler.reconcile(TestData.request(a, this.event,
					TestData.entry(a, i + 1, attendees.get(i))
						.capturedAt(THU.plusMinutes(i))
						.admittedAt("hall", this.version)));
		}
		this.reconciler.reconcile(TestData.request(b, this.event,
				TestData.entry(b, 1, attendees.get(0)).capturedAt(THU.plusMinutes(30)).exitAt("hall")));
		// a holds its 4 since base 0; b's reserve is 5: 1 free beside them. The new grant
		// carries the 3 still inside by a's admission: its places are theirs and the free
		// one
		JsonNode again = grant(a, 2, first.get("grant").asLong(), 0L, 4).body();
		assertThat(again.get("base").asLong()).isEqualTo(4);
		assertThat(again.get("carried")).hasSize(3);
		assertThat(again.get("places").asLong()).isEqualTo(4);
		assertThat(again.get("grant").asLong()).isNotEqualTo(first.get("grant").asLong());
		// b's exit undid no admission of b's: it gives b nothing; a holds 5 (its grant,
		// or 4 and its new one): 5 free, a fair share of 4 of the 7 not in use
		assertThat(grant(b, 2, second.get("grant").asLong(), 0L, 1).body().get("places").asLong()).isEqualTo(4);
		// a names its new grant: the one who left (through b, whose ledger still holds
		// that
		// exit) is in the server's count now, the 3 carried in a's
		JsonNode third = grant(a, 2, again.get("grant").asLong(), 0L, 4).body();
		assertThat(third.get("places").asLong()).isEqualTo(4);
		assertThat(outsideLedgers() + reserves()).as(outsideLedgers() + " inside + " + reserves() + " reserved")
			.isLessThanOrEqualTo(10);
	}

	@Test
	void anExitThatUndoesNoAdmissionOfTheKiosksGivesItNoPlace() {
		// found in review: with a net over all entries, a double scan and a stranger's
		// exit gave a kiosk places that were not free (capacity 2, 4 inside)
		long policy = hallWithCapacity(2);
		String a = TestData.kiosk();
		JsonNode first = grant(a, 1, null, null, 0).body();
		assertThat(first.get("places").asLong()).isEqualTo(2);
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 3);
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 1, attendees.get(0)).capturedAt(THU).admittedAt("hall", policy),
				TestData.entry(a, 2, attendees.get(1)).capturedAt(THU.plusMinutes(1)).admittedAt("hall", policy),
				TestData.entry(a, 3, attendees.get(0)).capturedAt(THU.plusMinutes(2)).exitAt("hall"),
				TestData.entry(a, 4, attendees.get(0)).capturedAt(THU.plusMinutes(3)).exitAt("hall"),
				TestData.entry(a, 5, attendees.get(2)).capturedAt(THU.plusMinutes(4)).exitAt("hall")));
		// one inside: one place free, not four; the one inside, let in here, is carried
		// over (their exit here gives the place back, offline too): the grant's 2 places
		// are theirs and the free one
		JsonNode again = grant(a, 1, first.get("grant").asLong(), 0L, 5).body();
		assertThat(again.get("carried")).hasSize(1);
		assertThat(again.get("carried").get(0).stringValue()).isEqualTo(attendees.get(1));
		assertThat(again.get("places").asLong()).isEqualTo(2);
		JsonNode third = grant(a, 1, again.get("grant").asLong(), 2L, 5).body();
		assertThat(third.get("places").asLong()).isEqualTo(2);
		assertThat(reserves()).isLessThanOrEqualTo(2);
	}

	@Test
	void admissionsCapturedByAKioskClockAheadOfTheServersStillTakeTheirPlaces() {
		// found in review: the server's count outside the ledgers is
		// inside-at-now, which leaves out movements captured after now. A kiosk whose
		// clock runs a minute ahead (well within the edge's 5 min skew rule and the
		// kiosk's 2 min lease margin) admits 2 of a capacity of 2 and flushes; once its
		// base has passed them they are in no ledger, and not in the count either until
		// the server's clock catches up: the next grant gives the 2 places again
		long policy = hallWithCapacity(2);
		String a = TestData.kiosk();
		JsonNode first = grant(a, 1, null, null, 0).body();
		assertThat(first.get("places").asLong()).isEqualTo(2);
		OffsetDateTime ahead = OffsetDateTime.now().plusMinutes(1);
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 2);
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 1, attendees.get(0)).capturedAt(ahead).admittedAt("hall", policy),
				TestData.entry(a, 2, attendees.get(1)).capturedAt(ahead.plusSeconds(1)).admittedAt("hall", policy)));
		// a flushed both and asks, naming its grant: the new one carries them over, and
		// has no place beside them
		JsonNode again = grant(a, 1, first.get("grant").asLong(), 0L, 2).body();
		assertThat(again.get("carried")).hasSize(2);
		assertThat(again.get("places").asLong()).isEqualTo(2);
		// a names the new grant (it held nothing after base 2 when it took it): its 2
		// admissions are before its base now, carried over, and the area is full: no
		// place beside them
		JsonNode third = grant(a, 1, again.get("grant").asLong(), 0L, 2).body();
		assertThat(third.get("places").asLong() - third.get("carried").size()).as("places granted with 2 of 2 inside")
			.isZero();
		assertThat(outsideLedgers() + reserves()).isLessThanOrEqualTo(2);
	}

	@Test
	void aKioskThatAsksWithABaseBelowItsLedgersKeepsWhatTheServerCountedInTheCount() {
		// found in review: a kiosk naming no grant sets its base to the
		// seq it sends, also one below the base the server already counts it from. A
		// kiosk reinstalled (a new log, seq from 1 again) or that lost its allowance row
		// asks with base 0: the server leaves every one of its old entries out of its
		// count, and its new log holds none of them, so the 2 they let in are counted
		// nowhere. Capacity 4, 2 inside: a gets 2, and b 2 more (6 places in all)
		long policy = hallWithCapacity(4);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		JsonNode first = grant(a, 1, null, null, 0).body();
		assertThat(first.get("places").asLong()).isEqualTo(4);
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 2);
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 1, attendees.get(0)).capturedAt(THU).admittedAt("hall", policy),
				TestData.entry(a, 2, attendees.get(1)).capturedAt(THU.plusMinutes(1)).admittedAt("hall", policy)));
		JsonNode again = grant(a, 1, first.get("grant").asLong(), 0L, 2).body();
		JsonNode third = grant(a, 1, again.get("grant").asLong(), 0L, 2).body();
		// a's 2 are before its base now, carried over, and 2 places more are a's
		assertThat(third.get("base").asLong()).isEqualTo(2);
		assertThat(third.get("carried")).hasSize(2);
		assertThat(third.get("places").asLong()).isEqualTo(4);
		// a, its allowance row lost, asks with nothing held and base 0 while the third
		// grant is on its way: it gets that one again (its 2 carried), nothing changes
		JsonNode lost = grant(a, 1, null, null, 0).body();
		assertThat(lost.get("grant").asLong()).isEqualTo(third.get("grant").asLong());
		assertThat(lost.get("carried")).hasSize(2);
		assertThat(grant(b, 1, null, null, 0).body().get("places").asLong()).isZero();
		// once the grant on its way has ended too, a asks with nothing held and base 0
		this.jdbc.update("UPDATE reconciler.allowances SET next_lease_until = now() - interval '1 second'"
				+ " WHERE event_id = ? AND kiosk_id = ?", this.event, a);
		JsonNode fresh = grant(a, 1, null, null, 0).body();
		assertThat(fresh.get("places").asLong()).isLessThanOrEqualTo(2);
		// the 2 inside still take their places: nothing is left for b
		assertThat(grant(b, 1, grantOf(b), 0L, 0).body().get("places").asLong())
			.as("b's places with 2 inside and a's reserve of %d in a capacity of 4", fresh.get("places").asLong())
			.isLessThanOrEqualTo(2 - fresh.get("places").asLong());
	}

	@Test
	void aHeldWhenTakenNoKioskCouldHoldNeverGivesAnotherKioskPlaces() {
		// found in review: a kiosk naming the grant on its way with a heldWhenTaken of
		// Long.MAX_VALUE adopted that many places; its reserve held the area full for its
		// lease and overflowed the sum of the other kiosks' reserves
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		String c = TestData.kiosk();
		JsonNode first = grant(a, 3, null, null, 0).body();
		assertThat(first.get("places").asLong()).isEqualTo(4);
		JsonNode second = grant(b, 3, null, null, 0).body();
		assertThat(second.get("places").asLong()).isEqualTo(4);
		// a held no grant before this one, so it admitted nothing under one: it holds
		// at most the 4 the server reserved for it
		grant(a, 3, first.get("grant").asLong(), Long.MAX_VALUE, 0);
		assertThat(reserves()).isLessThanOrEqualTo(10);
		assertThat(grant(c, 3, null, null, 0).body().get("places").asLong()).isEqualTo(2);
		assertThat(grant(b, 3, second.get("grant").asLong(), 0L, 0).body().get("places").asLong()).isEqualTo(4);
		assertThat(outsideLedgers() + reserves()).isLessThanOrEqualTo(10);
	}

	@Test
	void anEndedLeaseGivesItsPlacesBack() {
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		JsonNode held = grant(a, 1, null, null, 0).body();
		assertThat(held.get("places").asLong()).isEqualTo(10);
		JsonNode none = grant(b, 1, null, null, 0).body();
		assertThat(none.get("places").asLong()).isZero();
		this.jdbc.update(
				"UPDATE reconciler.allowances SET lease_until = now() - interval '1 second',"
						+ " next_lease_until = now() - interval '1 second' WHERE event_id = ? AND kiosk_id = ?",
				this.event, a);
		assertThat(grant(b, 1, none.get("grant").asLong(), 0L, 0).body().get("places").asLong()).isEqualTo(10);
		// a's grant is gone with its lease: naming it holds nothing
		assertThat(grant(a, 1, held.get("grant").asLong(), 0L, 0).body().get("places").asLong()).isZero();
	}

	@Test
	void kiosksAskingAtOnceNeverHoldMoreThanTheCapacity() throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(8);
		List<Callable<Long>> asks = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			String kiosk = TestData.kiosk();
			asks.add(() -> grant(kiosk, 16, null, null, 0).body().get("places").asLong());
		}
		long held = 0;
		for (Future<Long> ask : pool.invokeAll(asks)) {
			held += ask.get();
		}
		pool.shutdown();
		assertThat(held).isEqualTo(10);
		assertThat(reserves()).isEqualTo(10);
	}

	@Test
	void aQuestionTheServerAnswersAfterTheKiosksNextOneLeavesTheGrantItTookReserved() {
		// review: a's question times out at the edge (the agent waits 2 s) while the
		// replica it reached has not yet got the advisory lock (a connection-pool wait, a
		// pause); a asks again, takes that answer (g3, 5 places) and admits under it. The
		// first question then runs: it names g1, which the ledger still holds, so it
		// replaces g3 on its way with a grant of the moment (3 places), and g3 is
		// reserved no more. Capacity 10, entry kiosks a and b; z let 8 in before (no
		// ledger: its lease ended long ago), and they leave through exit kiosk x
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		String z = TestData.kiosk();
		String x = TestData.kiosk();
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 20);
		for (int i = 0; i < 8; i++) {
			this.reconciler.reconcile(TestData.request(z, this.event,
					TestData.entry(z, i + 1, attendees.get(i))
						.capturedAt(THU.plusMinutes(i))
						.admittedAt("hall", this.version)));
		}
		JsonNode a1 = grant(a, 2, null, null, 0).body();
		assertThat(a1.get("places").asLong()).isEqualTo(1);
		JsonNode b1 = grant(b, 2, null, null, 0).body();
		assertThat(b1.get("places").asLong()).isEqualTo(1);
		for (int i = 0; i < 8; i++) {
			this.reconciler.reconcile(TestData.request(x, this.event,
					TestData.entry(x, i + 1, attendees.get(i)).capturedAt(THU.plusMinutes(30 + i)).exitAt("hall")));
		}
		// a asks naming g1 (question 1: it times out before the replica takes the lock),
		// then asks the same again (question 2), answered at once: a takes g3
		JsonNode a3 = grant(a, 2, a1.get("grant").asLong(), 0L, 0).body();
		assertThat(a3.get("places").asLong()).isEqualTo(5);
		// b renews, takes its 5 and lets 5 in
		JsonNode b2 = grant(b, 2, b1.get("grant").asLong(), 0L, 0).body();
		assertThat(b2.get("places").asLong()).isEqualTo(5);
		for (int i = 0; i < 5; i++) {
			this.reconciler.reconcile(TestData.request(b, this.event,
					TestData.entry(b, i + 1, attendees.get(8 + i))
						.capturedAt(THU.plusMinutes(60 + i))
						.admittedAt("hall", this.version)));
		}
		// question 1 gets the lock now; its answer goes nowhere (the edge gave up on it)
		grant(a, 2, a1.get("grant").asLong(), 0L, 0);
		// b names its grant: its 5 are carried, and it gets what the server thinks free
		JsonNode b3 = grant(b, 2, b2.get("grant").asLong(), 0L, 5).body();
		// a admits the 5 places of g3 (base 0), b the places of b3 beside its carried 5
		for (int i = 0; i < 5; i++) {
			this.reconciler.reconcile(TestData.request(a, this.event,
					TestData.entry(a, i + 1, attendees.get(13 + i))
						.capturedAt(THU.plusMinutes(90 + i))
						.admittedAt("hall", this.version)));
		}
		long more = b3.get("places").asLong() - b3.get("carried").size();
		for (int i = 0; i < more; i++) {
			this.reconciler.reconcile(TestData.request(b, this.event,
					TestData.entry(b, 6 + i, attendees.get(18 + i))
						.capturedAt(THU.plusMinutes(120 + i))
						.admittedAt("hall", this.version)));
		}
		long inside = this.http.get("/admin/v1/events/" + this.event + "/areas/hall/occupancy", HttpTestClient.ops())
			.body()
			.get("inside")
			.asLong();
		assertThat(inside).as("inside with a capacity of 10: a held g3 (5), b got %d beside its 5", more)
			.isLessThanOrEqualTo(10);
	}

	@Test
	void anAreaWithoutCapacityNeedsNoAllowanceAndBadQuestionsAreProblems() {
		this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
				TestPolicy.policy().area("hall", "ANY").build());
		JsonNode unlimited = grant("k-1", 1, null, null, 0).body();
		assertThat(unlimited.get("areaId").asString()).isEqualTo("hall");
		assertThat(unlimited.has("places")).isFalse();
		assertThat(unlimited.has("capacity")).isFalse();
		assertThat(this.http
			.postJson("/internal/v1/events/" + this.event + "/areas/cellar/allowances", internal(),
					Map.of("kioskId", "k-1", "sharing", 1))
			.status()).isEqualTo(404);
		assertThat(this.http.postJson(path(), internal(), Map.of("kioskId", "k-1", "sharing", 0)).status())
			.isEqualTo(422);
		assertThat(this.http.postJson(path(), internal(), Map.of("sharing", 1)).status()).isEqualTo(422);
		assertThat(this.http.postJson(path(), internal(), Map.of("kioskId", "k-1", "sharing", 1, "held", 0)).status())
			.isEqualTo(422);
		assertThat(this.http.postJson(path(), internal(), Map.of("kioskId", "k-1", "sharing", 1, "base", -1)).status())
			.isEqualTo(422);
		assertThat(this.http.postJson(path(), admin(), Map.of("kioskId", "k-1", "sharing", 1)).status()).isIn(401, 403);
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.allowances WHERE event_id = ?", Long.class,
				this.event))
			.isZero();
	}

	// the hall's capacity in a new version of the event's policy
	private long hallWithCapacity(int capacity) {
		return this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "ANY", Map.of("capacity", capacity)).build())
			.body()
			.get("version")
			.asLong();
	}

	private HttpTestClient.Response grant(String kiosk, int sharing, Long held, Long heldWhenTaken, long base) {
		Map<String, Object> body = new java.util.HashMap<>();
		body.put("kioskId", kiosk);
		body.put("sharing", sharing);
		body.put("base", base);
		if (held != null) {
			body.put("held", held);
			body.put("heldWhenTaken", heldWhenTaken);
		}
		return this.http.postJson(path(), internal(), body);
	}

	// the grant on its way to a kiosk, as the server keeps it
	private Long grantOf(String kiosk) {
		return this.jdbc.queryForObject(
				"SELECT next_grant FROM reconciler.allowances WHERE event_id = ? AND area_id = 'hall' AND kiosk_id = ?",
				Long.class, this.event, kiosk);
	}

	private String path() {
		return "/internal/v1/events/" + this.event + "/areas/hall/allowances";
	}

	// inside by every movement but the live ledgers' entries after their bases and their
	// admissions of the attendees they carry
	private long outsideLedgers() {
		return this.jdbc.queryForObject(
				"""
						SELECT count(*) FROM (SELECT DISTINCT ON (m.attendee_id) m.attendee_id, m.type FROM reconciler.movements m
						  WHERE m.event_id = ? AND m.area_id = 'hall' AND m.type IN ('CHECK_IN', 'EXIT')
						    AND NOT EXISTS (SELECT 1 FROM reconciler.allowances l WHERE l.event_id = m.event_id
						      AND l.area_id = m.area_id AND l.kiosk_id = m.kiosk_id
						      AND (m.seq > l.base_seq OR (m.type = 'CHECK_IN' AND m.attendee_id = ANY(l.carried)))
						      AND (l.lease_until > now() OR l.next_lease_until > now()))
						  ORDER BY m.attendee_id, m.captured_at DESC) s WHERE type = 'CHECK_IN'""",
				Long.class, this.event);
	}

	// every live ledger's reserve: the grant it holds, or the one on its way beside what
	// it held before it
	private long reserves() {
		return this.jdbc.queryForObject("""
				SELECT coalesce(sum(greatest(
				  CASE WHEN l.grant_no IS NOT NULL AND (l.lease_until > now() OR l.next_lease_until > now())
				    THEN l.places ELSE 0 END,
				  CASE WHEN l.next_lease_until > now() THEN l.between_held + l.next_places ELSE 0 END)), 0)
				FROM reconciler.allowances l WHERE l.event_id = ?""", Long.class, this.event);
	}

}
