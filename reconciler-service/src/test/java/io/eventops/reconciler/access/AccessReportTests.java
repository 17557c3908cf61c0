package io.eventops.reconciler.access;

import java.time.Duration;
import java.time.OffsetDateTime;

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
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What ops see of access control over HTTP (#35): the rule overrides of two offline
 * kiosks that admitted one ONCE ticket, the per-area counts, the attendee's entries per
 * area, and the gauge read from PostgreSQL that follows a flag a late entry clears.
 */
@ReconcilerTest
class AccessReportTests {

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
	void twoOfflineKiosksAdmittingOneOnceTicketAreCountedOnceAndTheOverrideIsListed() {
		long version = savePolicy(TestPolicy.policy().area("hall", "ONCE"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(b, this.event,
				TestData.entry(b, 1, attendee).capturedAt(THU.plusMinutes(5)).admittedAt("hall", version)));
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 2, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(a, 3, attendee)
					.capturedAt(THU.plusMinutes(6))
					.refusedAt("hall", version, "ALREADY_ENTERED")));
		assertThat(
				this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body().get("checkedIn").asLong())
			.isEqualTo(1);
		JsonNode overrides = this.http.get("/admin/v1/events/" + this.event + "/rule-overrides", ops()).body();
		assertThat(overrides).hasSize(1);
		JsonNode override = overrides.get(0);
		assertThat(override.get("idempotencyKey").asString()).isEqualTo(b + ":1");
		assertThat(override.get("attendeeId").asString()).isEqualTo(attendee);
		assertThat(override.get("areaId").asString()).isEqualTo("hall");
		assertThat(override.get("kioskId").asString()).isEqualTo(b);
		assertThat(override.get("reason").asString()).isEqualTo("ALREADY_ENTERED");
		assertThat(override.get("policyVersion").asLong()).isEqualTo(version);
		assertThat(OffsetDateTime.parse(override.get("capturedAt").asString()).toInstant())
			.isEqualTo(THU.plusMinutes(5).toInstant());
		JsonNode areas = this.http.get("/admin/v1/events/" + this.event + "/areas", ops()).body().get("areas");
		assertThat(areas).extracting((area) -> area.get("areaId").asString()).containsExactly("desk", "hall");
		assertThat(areas.get(0).get("admitted").asLong()).isZero();
		assertThat(areas.get(1).get("admitted").asLong()).isEqualTo(2);
		assertThat(areas.get(1).get("againstRules").asLong()).isEqualTo(1);
		assertThat(areas.get(1).get("refused").get("ALREADY_ENTERED").asLong()).isEqualTo(1);
		JsonNode detail = this.http.get("/admin/v1/attendees/" + attendee, ops()).body();
		JsonNode hall = detail.get("areas").get(0);
		assertThat(hall.get("areaId").asString()).isEqualTo("hall");
		assertThat(hall.get("entries")).extracting((entry) -> entry.get("idempotencyKey").asString())
			.containsExactly(a + ":2", b + ":1", a + ":3");
		assertThat(hall.get("entries").get(1).get("againstRules").asBoolean()).isTrue();
		assertThat(hall.get("entries").get(1).get("serverReason").asString()).isEqualTo("ALREADY_ENTERED");
		assertThat(hall.get("entries").get(2).get("kioskReason").asString()).isEqualTo("ALREADY_ENTERED");
	}

	@Test
	void theGaugeFollowsAFlagALateEntryClears() {
		long version = savePolicy(TestPolicy.policy().area("hall", "AFTER_EXIT"));
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String a = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(a, this.event,
				TestData.entry(a, 1, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(a, 2, attendee).capturedAt(THU.plusMinutes(20)).admittedAt("hall", version)));
		HttpTestClient management = new HttpTestClient(this.managementPort);
		String series = "eventops_rule_overrides{areaId=\"hall\",eventId=\"" + this.event + "\"";
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(gauge(management.text("/actuator/prometheus"), series)).isEqualTo(1.0));
		String b = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(b, this.event,
				TestData.entry(b, 1, attendee).capturedAt(THU.plusMinutes(10)).exitAt("hall")));
		assertThat(this.http.get("/admin/v1/events/" + this.event + "/rule-overrides", ops()).body()).isEmpty();
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(gauge(management.text("/actuator/prometheus"), series)).isZero());
	}

	@Test
	void anUnknownEventIsNotFoundAndAnEventWithoutPolicyHasNoAreas() {
		assertThat(this.http.get("/admin/v1/events/" + this.event + "/rule-overrides", ops()).status()).isEqualTo(404);
		assertThat(this.http.get("/admin/v1/events/" + this.event + "/areas", ops()).status()).isEqualTo(404);
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		assertThat(this.http.get("/admin/v1/events/" + this.event + "/areas", ops()).body().get("areas")).isEmpty();
		assertThat(this.http.get("/admin/v1/attendees/" + attendee, ops()).body().has("areas")).isFalse();
		assertThat(this.http.get("/admin/v1/events/" + this.event + "/rule-overrides", null).status()).isEqualTo(401);
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
