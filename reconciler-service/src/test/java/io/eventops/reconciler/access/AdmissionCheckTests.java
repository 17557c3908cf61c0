package io.eventops.reconciler.access;

import java.util.HashMap;
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
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The internal admission check over HTTP: decided from the current policy version and the
 * venue-wide movements in PostgreSQL, or by the implicit policy (every ticket once,
 * version 0) for an event without one (#35, invariant 12).
 */
@ReconcilerTest
class AdmissionCheckTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private BatchReconciler reconciler;

	private HttpTestClient http;

	private String event;

	private String attendee;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
	}

	@Test
	void withoutAPolicyEveryTicketEntersOnce() {
		JsonNode first = check(this.attendee, null, "2026-07-16T09:00:00+02:00").body();
		assertThat(first.get("decision").asString()).isEqualTo("ADMIT");
		assertThat(first.has("reason")).isFalse();
		assertThat(first.get("policyVersion").asLong()).isZero();
		String kiosk = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(kiosk, this.event, TestData.entry(kiosk, 1, this.attendee)));
		JsonNode again = check(this.attendee, null, "2026-07-16T09:05:00+02:00").body();
		assertThat(again.get("decision").asString()).isEqualTo("REFUSE");
		assertThat(again.get("reason").asString()).isEqualTo("ALREADY_ENTERED");
		assertThat(again.get("policyVersion").asLong()).isZero();
	}

	@Test
	void withAPolicyTheVenueWideMovementsDecide() {
		long version = savePolicy(TestPolicy.policy()
			.area("hall", "ONCE")
			.area("lounge", "ANY", Map.of("rule", "entriesToday < 2", "ruleExplanation", "Two entries a day at most."))
			.build());
		movement("k-a:1", "hall", "2026-07-16T09:00:00+02:00");
		JsonNode hall = check(this.attendee, "hall", "2026-07-16T10:00:00+02:00").body();
		assertThat(hall.get("decision").asString()).isEqualTo("REFUSE");
		assertThat(hall.get("reason").asString()).isEqualTo("ALREADY_ENTERED");
		assertThat(hall.get("policyVersion").asLong()).isEqualTo(version);
		// the same movement is not prior to an attempt captured before it
		assertThat(check(this.attendee, "hall", "2026-07-16T08:59:00+02:00").body().get("decision").asString())
			.isEqualTo("ADMIT");
		assertThat(check(this.attendee, "lounge", "2026-07-16T10:00:00+02:00").body().get("decision").asString())
			.isEqualTo("ADMIT");
		movement("k-b:1", "desk", "2026-07-16T09:30:00+02:00");
		JsonNode lounge = check(this.attendee, "lounge", "2026-07-16T10:00:00+02:00").body();
		assertThat(lounge.get("reason").asString()).isEqualTo("RULE");
		assertThat(lounge.get("explanation").asString()).isEqualTo("Two entries a day at most.");
		assertThat(check(this.attendee, "nowhere", "2026-07-16T10:00:00+02:00").body().get("reason").asString())
			.isEqualTo("TICKET_NOT_VALID_HERE");
		assertThat(check(this.attendee, "hall", "2026-07-18T10:00:00+02:00").body().get("reason").asString())
			.isEqualTo("NOT_VALID_TODAY");
	}

	@Test
	void anUnknownAttendeeOrOneOfAnotherEventIsNotFound() {
		HttpTestClient.Response unknown = check("att_nobody", null, "2026-07-16T09:00:00+02:00");
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.contentType()).startsWith("application/problem+json");
		String other = TestData.attendees(this.jdbc, TestData.unique("evt"), 1).get(0);
		assertThat(check(other, null, "2026-07-16T09:00:00+02:00").status()).isEqualTo(404);
	}

	@Test
	void badInputIsAProblemAndOnlyTheEdgeMayAsk() {
		HttpTestClient.Response missing = this.http.postJson(path(), internal(), Map.of("attendeeId", this.attendee));
		assertThat(missing.status()).isEqualTo(422);
		assertThat(missing.body().get("errors").get(0).get("field").asString()).isEqualTo("capturedAt");
		assertThat(this.http.postJson(path(), internal(), Map.of("attendeeId", this.attendee, "capturedAt", "soon"))
			.status()).isEqualTo(400);
		assertThat(this.http
			.postJson(path(), internal(), Map.of("attendeeId", "bad id!", "capturedAt", "2026-07-16T09:00:00Z"))
			.status()).isEqualTo(422);
		savePolicy(TestPolicy.policy().build());
		HttpTestClient.Response noArea = check(this.attendee, null, "2026-07-16T09:00:00+02:00");
		assertThat(noArea.status()).isEqualTo(422);
		assertThat(noArea.body().get("errors").get(0).get("field").asString()).isEqualTo("areaId");
		assertThat(this.http
			.postJson(path(), admin(), Map.of("attendeeId", this.attendee, "capturedAt", "2026-07-16T09:00:00Z"))
			.status()).isIn(401, 403);
	}

	private long savePolicy(Map<String, Object> policy) {
		return this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(), policy)
			.body()
			.get("version")
			.asLong();
	}

	private void movement(String key, String area, String capturedAt) {
		this.jdbc.update("""
				INSERT INTO reconciler.movements (idempotency_key, event_id, attendee_id, kiosk_id, seq, type,
				  area_id, captured_at) VALUES (? || ?, ?, ?, 'k', 1, 'CHECK_IN', ?, ?::timestamptz)""", this.event,
				key, this.event, this.attendee, area, capturedAt);
	}

	private HttpTestClient.Response check(String attendeeId, String areaId, String capturedAt) {
		Map<String, Object> body = new HashMap<>(Map.of("attendeeId", attendeeId, "capturedAt", capturedAt));
		if (areaId != null) {
			body.put("areaId", areaId);
		}
		return this.http.postJson(path(), internal(), body);
	}

	private String path() {
		return "/internal/v1/events/" + this.event + "/admission-check";
	}

}
