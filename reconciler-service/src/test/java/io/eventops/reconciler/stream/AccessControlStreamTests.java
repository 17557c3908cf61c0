package io.eventops.reconciler.stream;

import java.time.OffsetDateTime;
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
import org.springframework.boot.test.web.server.LocalServerPort;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kiosk cache stream of an event with a policy (#35): attendees carry their ticket
 * type and movements (no refusals), a movement is an UPDATED change of its attendee in
 * stream order (invariant 10); an event without a policy carries neither.
 */
@ReconcilerTest
class AccessControlStreamTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	@Test
	void attendeesCarryTheirTicketTypeAndMovementsAndAMovementIsAChange() {
		long version = this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "AFTER_EXIT").build())
			.body()
			.get("version")
			.asLong();
		String attendee = TestData.unique("att");
		this.http.postJson("/admin/v1/events/" + this.event + "/attendees", admin(),
				List.of(Map.of("attendeeId", attendee, "displayName", "Ada", "ticketType", "day1")));
		JsonNode before = snapshot();
		assertThat(before.get("attendees").get(0).get("ticketType").asString()).isEqualTo("day1");
		assertThat(before.get("attendees").get(0).get("movements")).isEmpty();
		String kiosk = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(kiosk, this.event,
				TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(5)).exitAt("hall"),
				TestData.entry(kiosk, 3, attendee)
					.capturedAt(THU.plusMinutes(6))
					.refusedAt("hall", version, "AREA_CLOSED")));
		this.reconciler.reconcile(TestData.request(kiosk, this.event,
				TestData.entry(kiosk, 4, attendee).capturedAt(THU.plusMinutes(7)).exitAt("hall")));
		JsonNode changes = this.http
			.get("/internal/v1/events/" + this.event + "/changes?after=" + before.get("streamSeq").asLong(), internal())
			.body()
			.get("changes");
		assertThat(changes).extracting((change) -> change.get("kind").asString())
			.containsExactly("CHECKED_IN", "UPDATED");
		JsonNode movements = changes.get(1).get("attendee").get("movements");
		assertThat(movements).extracting((movement) -> movement.get("key").asString())
			.containsExactly(kiosk + ":1", kiosk + ":2", kiosk + ":4");
		assertThat(movements.get(0).get("type").asString()).isEqualTo("CHECK_IN");
		assertThat(movements.get(0).get("areaId").asString()).isEqualTo("hall");
		assertThat(OffsetDateTime.parse(movements.get(0).get("capturedAt").asString()).toInstant())
			.isEqualTo(THU.toInstant());
		assertThat(movements.get(1).get("type").asString()).isEqualTo("EXIT");
		JsonNode after = snapshot();
		assertThat(after.get("attendees").get(0).get("movements")).hasSize(3);
		assertThat(after.get("streamSeq").asLong()).isEqualTo(changes.get(1).get("streamSeq").asLong());
	}

	@Test
	void anEventWithoutAPolicyCarriesNoneOfIt() {
		String attendee = TestData.unique("att");
		this.http.postJson("/admin/v1/events/" + this.event + "/attendees", admin(),
				List.of(Map.of("attendeeId", attendee, "displayName", "Ada")));
		String kiosk = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(kiosk, this.event, TestData.entry(kiosk, 1, attendee)));
		JsonNode state = snapshot().get("attendees").get(0);
		assertThat(state.has("movements")).isFalse();
		assertThat(state.has("ticketType")).isFalse();
		assertThat(state.get("checkedIn").asBoolean()).isTrue();
	}

	private JsonNode snapshot() {
		return this.http.get("/internal/v1/events/" + this.event + "/snapshot", internal()).body();
	}

}
