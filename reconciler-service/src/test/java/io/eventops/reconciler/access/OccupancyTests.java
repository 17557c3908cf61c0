package io.eventops.reconciler.access;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import io.eventops.reconciler.checkin.BatchReconciler;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Occupancy over HTTP against real PostgreSQL (#36, invariant 13): inside-now is the
 * attendees whose last movement in the area by capture time is an admission, whatever the
 * order in which kiosks deliver; the gauge shows the same count; online, a full area
 * refuses {@code AREA_FULL}.
 */
@ReconcilerTest
class OccupancyTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

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
	void insideIsTheLastMovementByCaptureTimeWhateverTheOrderOfArrivalAndTheGaugeAgrees() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY", Map.of("capacity", 3)));
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 4);
		// today's movements, captured in the last minutes (never before the local
		// midnight, so that they count today whenever the test runs)
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
		OffsetDateTime midnight = now.atZoneSameInstant(BERLIN).toLocalDate().atStartOfDay(BERLIN).toOffsetDateTime();
		OffsetDateTime t = now.minusMinutes(10).isBefore(midnight) ? midnight : now.minusMinutes(10);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		// the exit arrives before the admission it follows, from another kiosk
		this.reconciler.reconcile(TestData.request(b, this.event,
				TestData.entry(b, 1, attendees.get(0)).capturedAt(t.plusSeconds(30)).exitAt("hall")));
		TestData.Entry[] batch = { TestData.entry(a, 1, attendees.get(0)).capturedAt(t).admittedAt("hall", version),
				TestData.entry(a, 2, attendees.get(1)).capturedAt(t.plusSeconds(10)).admittedAt("hall", version),
				TestData.entry(a, 3, attendees.get(2)).capturedAt(t.plusSeconds(40)).admittedAt("hall", version) };
		this.reconciler.reconcile(TestData.request(a, this.event, batch));
		// a replay changes nothing
		this.reconciler.reconcile(TestData.request(a, this.event, batch));
		// admitted two days ago and never left: inside, but not today's
		this.reconciler.reconcile(TestData.request(b, this.event,
				TestData.entry(b, 2, attendees.get(3)).capturedAt(now.minusDays(2)).admittedAt("hall", version)));

		JsonNode hall = occupancy("hall").body();
		assertThat(hall.get("inside").asLong()).isEqualTo(3);
		assertThat(hall.get("capacity").asLong()).isEqualTo(3);
		assertThat(hall.get("admittedToday").asLong()).isEqualTo(3);
		assertThat(hall.get("exitsToday").asLong()).isEqualTo(1);
		assertThat(Duration.between(OffsetDateTime.parse(hall.get("asOf").asString()), OffsetDateTime.now()).abs())
			.isLessThan(Duration.ofMinutes(1));
		JsonNode desk = occupancy("desk").body();
		assertThat(desk.get("inside").asLong()).isZero();
		assertThat(desk.has("capacity")).isFalse();

		HttpTestClient management = new HttpTestClient(this.managementPort);
		String labels = "{areaId=\"hall\",eventId=\"" + this.event + "\"";
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			String exposition = management.text("/actuator/prometheus");
			assertThat(gauge(exposition, "eventops_area_inside" + labels)).isEqualTo(3.0);
			assertThat(gauge(exposition, "eventops_area_capacity" + labels)).isEqualTo(3.0);
		});
		// the attendee who left comes back: in once more, and the gauge follows
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 4, attendees.get(0)).capturedAt(t.plusSeconds(50)).admittedAt("hall", version)));
		assertThat(occupancy("hall").body().get("inside").asLong()).isEqualTo(4);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(
					() -> assertThat(gauge(management.text("/actuator/prometheus"), "eventops_area_inside" + labels))
						.isEqualTo(4.0));
	}

	@Test
	void anAnnulledAdmissionCountsNowhereInTheArea() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY", Map.of("capacity", 1)));
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 2);
		String a = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 1, attendees.get(0)).capturedAt(THU).admittedAt("hall", version)));
		assertThat(check(attendees.get(1), THU.plusMinutes(2)).body().get("reason").asString()).isEqualTo("AREA_FULL");
		// "the gate did not open": the kiosk annuls its admission
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 2, attendees.get(0)).capturedAt(THU.plusMinutes(3)).annuls(a + ":1")));
		JsonNode hall = this.http.get("/admin/v1/events/" + this.event + "/areas", ops()).body().get("areas").get(1);
		assertThat(hall.get("areaId").asString()).isEqualTo("hall");
		assertThat(hall.get("admitted").asLong()).isZero();
		// the place it held is free again
		assertThat(check(attendees.get(1), THU.plusMinutes(4)).body().get("decision").asString()).isEqualTo("ADMIT");
	}

	@Test
	void theAutomaticCheckOutEmptiesTheAreaAtItsLocalTime() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY", Map.of("exitAllAt", "03:00")));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String a = TestData.kiosk();
		// two days ago: 03:00 has passed at least once since
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 1, attendee)
					.capturedAt(OffsetDateTime.now(ZoneOffset.UTC).minusDays(2))
					.admittedAt("hall", version)));
		assertThat(occupancy("hall").body().get("inside").asLong()).isZero();
	}

	@Test
	void onlineAFullAreaRefusesNewcomersButNotWhoIsInside() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ANY", Map.of("capacity", 1)));
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 2);
		String a = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 1, attendees.get(0)).capturedAt(THU).admittedAt("hall", version)));
		JsonNode full = check(attendees.get(1), THU.plusMinutes(30)).body();
		assertThat(full.get("decision").asString()).isEqualTo("REFUSE");
		assertThat(full.get("reason").asString()).isEqualTo("AREA_FULL");
		// whoever is inside is not refused for the place they hold
		assertThat(check(attendees.get(0), THU.plusMinutes(30)).body().get("decision").asString()).isEqualTo("ADMIT");
		// before the first admission the hall had room
		assertThat(check(attendees.get(1), THU.minusMinutes(1)).body().get("decision").asString()).isEqualTo("ADMIT");
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 2, attendees.get(0)).capturedAt(THU.plusMinutes(40)).exitAt("hall")));
		assertThat(check(attendees.get(1), THU.plusMinutes(50)).body().get("decision").asString()).isEqualTo("ADMIT");
	}

	@Test
	void anUnknownEventOrAreaIsNotFoundAndOnlyStaffMayRead() {
		assertThat(occupancy("hall").status()).isEqualTo(404);
		TestData.attendees(this.jdbc, this.event, 1);
		// an event without a policy has no areas
		HttpTestClient.Response none = occupancy("hall");
		assertThat(none.status()).isEqualTo(404);
		assertThat(none.contentType()).startsWith("application/problem+json");
		savePolicy(TestPolicy.policy().area("hall", "ANY"));
		assertThat(occupancy("hall").status()).isEqualTo(200);
		assertThat(occupancy("cellar").status()).isEqualTo(404);
		assertThat(this.http.get(occupancyPath("hall"), null).status()).isEqualTo(401);
	}

	private HttpTestClient.Response occupancy(String areaId) {
		return this.http.get(occupancyPath(areaId), ops());
	}

	private String occupancyPath(String areaId) {
		return "/admin/v1/events/" + this.event + "/areas/" + areaId + "/occupancy";
	}

	private HttpTestClient.Response check(String attendeeId, OffsetDateTime capturedAt) {
		Map<String, Object> body = new HashMap<>(
				Map.of("attendeeId", attendeeId, "areaId", "hall", "capturedAt", capturedAt.toString()));
		return this.http.postJson("/internal/v1/events/" + this.event + "/admission-check", internal(), body);
	}

	private static double gauge(String exposition, String series) {
		return exposition.lines()
			.filter((line) -> line.startsWith(series))
			.map((line) -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.findFirst()
			.orElse(-1.0);
	}

	private long savePolicy(TestPolicy policy) {
		return this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(), policy.build())
			.body()
			.get("version")
			.asLong();
	}

}
