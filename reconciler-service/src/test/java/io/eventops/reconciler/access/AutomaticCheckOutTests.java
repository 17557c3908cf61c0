package io.eventops.reconciler.access;

import java.time.Duration;
import java.time.Instant;
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

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The automatic check-out against real PostgreSQL (#36): at an area's {@code exitAllAt}
 * everyone inside gets one server-origin exit, however many replicas run the job and
 * however often, late admissions get theirs at the next run, and a DST change makes one
 * check-out per local day.
 */
@ReconcilerTest
class AutomaticCheckOutTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private AutomaticCheckOut checkOut;

	@Autowired
	private AreaOccupancy occupancy;

	@Autowired
	private PolicyStore policies;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	private String kiosk;

	private long version;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.kiosk = TestData.kiosk();
		Map<String, Object> policy = TestPolicy.policy().area("hall", "ANY", Map.of("exitAllAt", "23:00")).build();
		// the summer days of the test policy, and the two days of 2026 on which Berlin
		// changes its clocks
		policy.put("days", List.of("2026-03-29", "2026-07-16", "2026-07-17", "2026-10-25"));
		this.version = this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(), policy)
			.body()
			.get("version")
			.asLong();
	}

	@Test
	void everyoneInsideLeavesOnceWhateverTheReplicasAndRunsAndLateAdmissionsAtTheNextRun() throws Exception {
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 4);
		admit(1, attendees.get(0), THU);
		admit(2, attendees.get(1), THU);
		admit(3, attendees.get(2), THU);
		exit(4, attendees.get(2), THU.plusHours(2));
		// after the check-out: stays in for the night
		admit(5, attendees.get(3), THU.withHour(23).withMinute(30));
		Instant afterCheckOut = OffsetDateTime.parse("2026-07-16T23:05:00+02:00").toInstant();

		// four replicas at once, then a restart
		ExecutorService replicas = Executors.newFixedThreadPool(4);
		List<Callable<Integer>> runs = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			runs.add(() -> this.checkOut.checkOut(afterCheckOut));
		}
		for (Future<Integer> run : replicas.invokeAll(runs)) {
			run.get();
		}
		replicas.shutdown();
		assertThat(exits()).hasSize(2);
		assertThat(checkOutAt(afterCheckOut)).isZero();
		assertThat(exits()).containsExactlyInAnyOrder(
				"exit-all:" + this.event + ":hall:2026-07-16:" + attendees.get(0) + " 2026-07-16T20:59:59.999999Z",
				"exit-all:" + this.event + ":hall:2026-07-16:" + attendees.get(1) + " 2026-07-16T20:59:59.999999Z");
		assertThat(inside(afterCheckOut)).isZero();
		assertThat(inside(OffsetDateTime.parse("2026-07-16T23:40:00+02:00").toInstant())).isEqualTo(1);

		// an offline kiosk's admission from before the check-out, delivered after it
		String late = TestData.attendees(this.jdbc, this.event, 1).get(0);
		admit(6, late, THU.withHour(22));
		assertThat(checkOutAt(afterCheckOut.plusSeconds(60))).isEqualTo(1);
		// the next evening: who came in after the first check-out leaves at the second
		assertThat(checkOutAt(OffsetDateTime.parse("2026-07-17T23:01:00+02:00").toInstant())).isEqualTo(1);
		assertThat(exits()).hasSize(4);
	}

	@Test
	void aDstChangeMakesOneCheckOutPerLocalDay() {
		Map<String, Object> policy = TestPolicy.policy().area("hall", "ANY", Map.of("exitAllAt", "02:30")).build();
		policy.put("days", List.of("2026-03-29", "2026-07-16", "2026-07-17", "2026-10-25"));
		this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(), policy);
		this.version = this.policies.currentCompiled(this.event).orElseThrow().version();
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 2);
		// spring forward: 02:30 does not exist on 29 March; the check-out is at 03:30
		// CEST
		admit(1, attendees.get(0), OffsetDateTime.parse("2026-03-28T22:00:00+01:00"));
		assertThat(checkOutAt(Instant.parse("2026-03-29T12:00:00Z"))).isEqualTo(1);
		// fall back: 02:30 happens twice on 25 October; one check-out, at the first
		admit(2, attendees.get(1), OffsetDateTime.parse("2026-10-24T22:00:00+02:00"));
		assertThat(checkOutAt(Instant.parse("2026-10-25T00:45:00Z"))).isEqualTo(1);
		admit(3, attendees.get(1), OffsetDateTime.parse("2026-10-25T02:40:00+02:00"));
		// 02:45 CET, after the second 02:30: the same local day, no second check-out
		assertThat(checkOutAt(Instant.parse("2026-10-25T01:45:00Z"))).isZero();
		assertThat(exits()).containsExactlyInAnyOrder(
				"exit-all:" + this.event + ":hall:2026-03-29:" + attendees.get(0) + " 2026-03-29T01:29:59.999999Z",
				"exit-all:" + this.event + ":hall:2026-10-25:" + attendees.get(1) + " 2026-10-25T00:29:59.999999Z");
	}

	@Test
	void theScheduledRunTakesTheLockInPostgres() {
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(this.jdbc.queryForObject(
					"SELECT count(*) FROM reconciler.shedlock WHERE name = 'reconciler.exit-all'", Long.class))
				.isEqualTo(1));
	}

	// Review of #36: the check-out's key
	// exit-all:{eventId}:{areaId}:{localDate}:{attendeeId}
	// joins ids that may contain ':' (area and attendee ids are [A-Za-z0-9_.:-]) with
	// ':'.
	// Area "hall" with attendee "p:2026-07-16:X" and area "hall:2026-07-16:p" with
	// attendee "X" give the same key, the movements' primary key: ON CONFLICT DO NOTHING
	// drops the second attendee's exit, and the check-out is not recorded for them (their
	// history and exitsToday lack it; Inside still counts them out by exitAllAt).
	@Test
	void everyAttendeeOfEveryAreaGetsTheirOwnCheckOutWhateverColonsTheIdsHold() {
		String other = "hall:2026-07-16:p";
		Map<String, Object> policy = TestPolicy.policy()
			.area("hall", "ANY", Map.of("exitAllAt", "23:00"))
			.area(other, "ANY", Map.of("exitAllAt", "23:00"))
			.build();
		policy.put("days", List.of("2026-07-16"));
		long version = this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(), policy)
			.body()
			.get("version")
			.asLong();
		String x = TestData.unique("x").replace('-', '_');
		String colons = "p:2026-07-16:" + x;
		this.jdbc.update(
				"INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, tier) "
						+ "SELECT id, ?, 'Name', 'ACME', 'STANDARD' FROM unnest(?::text[]) AS id",
				this.event, new String[] { colons, x });
		this.reconciler.reconcile(TestData.request(this.kiosk, this.event,
				TestData.entry(this.kiosk, 1, colons).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(this.kiosk, 2, x).capturedAt(THU).admittedAt(other, version)));

		this.checkOut.checkOut(OffsetDateTime.parse("2026-07-16T23:05:00+02:00").toInstant());

		assertThat(this.jdbc.queryForList("SELECT attendee_id || '@' || area_id FROM reconciler.movements "
				+ "WHERE event_id = ? AND kiosk_id = 'exit-all'", String.class, this.event))
			.containsExactlyInAnyOrder(colons + "@hall", x + "@" + other);
	}

	// Review of #36 (invariants 12 and 13): an admission captured exactly at exitAllAt
	// is inside by Inside.at's own rule (the check-out after an admission is the first
	// one strictly later), as the kiosks decide. The server also holds the check-out's
	// EXIT at that same instant for an attendee inside just before, and MovementOrder
	// breaks the tie by key source: for a kiosk whose id sorts before "exit-all" (a-...)
	// the server counts the attendee out, for one after it (k-...) in.
	@Test
	void anAdmissionAtTheCheckOutInstantIsInsideWhateverTheKiosksName() {
		String kiosk = "a-" + TestData.kiosk();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		OffsetDateTime checkOutAt = OffsetDateTime.parse("2026-07-16T23:00:00+02:00");
		this.reconciler.reconcile(TestData.request(kiosk, this.event,
				TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", this.version),
				TestData.entry(kiosk, 2, attendee).capturedAt(checkOutAt).admittedAt("hall", this.version)));
		Instant later = OffsetDateTime.parse("2026-07-16T23:30:00+02:00").toInstant();
		assertThat(inside(later)).as("before the check-out's rows").isEqualTo(1);

		assertThat(checkOutAt(later)).isEqualTo(1);
		assertThat(inside(later)).as("after the check-out's rows").isEqualTo(1);
	}

	private long inside(Instant at) {
		return this.occupancy
			.inside(this.event, this.policies.currentCompiled(this.event).orElseThrow(), List.of("hall"), at)
			.get("hall");
	}

	// the exits one run records for this test's event (a run checks out every event of
	// the shared database, so its own total counts other tests' events too)
	private int checkOutAt(Instant now) {
		int before = exits().size();
		this.checkOut.checkOut(now);
		return exits().size() - before;
	}

	private List<String> exits() {
		return this.jdbc.query("""
				SELECT idempotency_key, captured_at FROM reconciler.movements
				WHERE event_id = ? AND kiosk_id = 'exit-all' AND type = 'EXIT' AND area_id = 'hall'""",
				(rs, n) -> rs.getString(1) + " " + rs.getTimestamp(2).toInstant(), this.event);
	}

	private void admit(long seq, String attendee, OffsetDateTime at) {
		this.reconciler.reconcile(TestData.request(this.kiosk, this.event,
				TestData.entry(this.kiosk, seq, attendee).capturedAt(at).admittedAt("hall", this.version)));
	}

	private void exit(long seq, String attendee, OffsetDateTime at) {
		this.reconciler.reconcile(TestData.request(this.kiosk, this.event,
				TestData.entry(this.kiosk, seq, attendee).capturedAt(at).exitAt("hall")));
	}

}
