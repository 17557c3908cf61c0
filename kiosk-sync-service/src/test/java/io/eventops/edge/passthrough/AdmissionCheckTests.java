package io.eventops.edge.passthrough;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The online admission check end to end over HTTPS with the real reconciler (issue #35,
 * docs/access-control.md): the edge adds the kiosk's event and area, and the reconciler
 * decides from the current policy version and the venue-wide history in PostgreSQL, or by
 * the implicit policy of an event without one (policyVersion 0).
 */
@EdgeTest
class AdmissionCheckTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	EdgeClient edge;

	String event;

	String attendee;

	@BeforeEach
	void event() {
		this.edge = new EdgeClient(this.port);
		this.event = TestData.unique("ev");
		this.attendee = TestData.attendees(EdgeStack.jdbc(), this.event, 1).get(0);
	}

	@Test
	void anEventWithoutAPolicyAdmitsOnceByTheImplicitPolicy() {
		EdgeClient.Kiosk kiosk = this.edge.newKiosk(this.event);
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.ofHours(2)).minusSeconds(5);

		JsonNode first = check(kiosk, this.attendee, now).json();
		this.edge.flush(kiosk.id(), kiosk.token(),
				TestData.flush(1, TestData.entry(kiosk.id(), 1, this.attendee).capturedAt(now)));
		JsonNode again = check(kiosk, this.attendee, now.plusSeconds(3)).json();

		assertThat(first.get("decision").stringValue()).isEqualTo("ADMIT");
		assertThat(first.get("policyVersion").asLong()).isZero();
		assertThat(first.has("reason")).isFalse();
		assertThat(again.get("decision").stringValue()).isEqualTo("REFUSE");
		assertThat(again.get("reason").stringValue()).isEqualTo("ALREADY_ENTERED");
		assertThat(again.get("policyVersion").asLong()).isZero();
	}

	@Test
	void theKiosksAreaIsTheOneDecidedFor() throws Exception {
		long version = savePolicy();
		EdgeClient.Kiosk hall = kioskAt("main-hall");
		EdgeClient.Kiosk vip = kioskAt("vip");
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);

		JsonNode admitted = check(hall, this.attendee, now).json();
		JsonNode refused = check(vip, this.attendee, now).json();

		assertThat(admitted.get("decision").stringValue()).isEqualTo("ADMIT");
		assertThat(admitted.get("policyVersion").asLong()).isEqualTo(version);
		assertThat(refused.get("decision").stringValue()).isEqualTo("REFUSE");
		assertThat(refused.get("reason").stringValue()).isEqualTo("TICKET_NOT_VALID_HERE");
		assertThat(refused.get("policyVersion").asLong()).isEqualTo(version);
	}

	@Test
	void anAttendeeTheEventDoesNotKnowIsNotFound() {
		EdgeClient.Kiosk kiosk = this.edge.newKiosk(this.event);
		String ofAnother = TestData.attendees(EdgeStack.jdbc(), TestData.unique("ev"), 1).get(0);

		EdgeClient.Response unknown = check(kiosk, "att_nobody_" + TestData.unique("x").replace('-', '_'),
				OffsetDateTime.now(ZoneOffset.UTC));
		EdgeClient.Response other = check(kiosk, ofAnother, OffsetDateTime.now(ZoneOffset.UTC));

		assertThat(unknown.status()).as(unknown.body()).isEqualTo(404);
		assertThat(unknown.isProblem()).isTrue();
		assertThat(other.status()).isEqualTo(404);
	}

	/**
	 * Issue #36, invariant 14: the edge renews a kiosk's allowance at its area, sharing
	 * the free places among the area's entry kiosks (the exit kiosk is none).
	 */
	@Test
	void theAllowanceIsTheKiosksShareOfItsAreasFreePlaces() throws Exception {
		savePolicy(10);
		EdgeClient.Kiosk first = kioskAt("main-hall");
		EdgeClient.Kiosk second = kioskAt("main-hall", "BOTH");
		EdgeClient.Kiosk exit = kioskAt("main-hall", "EXIT");
		EdgeClient.Kiosk nowhere = this.edge.newKiosk(this.event);

		JsonNode granted = allowance(first).json();
		JsonNode next = allowance(second).json();

		assertThat(granted.get("areaId").stringValue()).isEqualTo("main-hall");
		assertThat(granted.get("capacity").asLong()).isEqualTo(10);
		assertThat(granted.get("places").asLong()).isEqualTo(5);
		assertThat(granted.get("base").asLong()).isZero();
		assertThat(granted.get("grant").isIntegralNumber()).isTrue();
		assertThat(OffsetDateTime.parse(granted.get("leaseUntil").stringValue())).isAfter(OffsetDateTime.now());
		assertThat(next.get("places").asLong()).isEqualTo(5);
		// the kiosk names the grant it holds and its acknowledged seq: the server knows
		// which places it holds, and those the second kiosk holds stay its own
		JsonNode renewed = this.edge
			.post("/v1/kiosks/" + first.id() + "/allowance", EdgeClient.bearer(first.token()), "application/json",
					"{\"held\":" + granted.get("grant").asLong() + ",\"heldWhenTaken\":0,\"base\":0}")
			.json();
		assertThat(renewed.get("places").asLong()).isEqualTo(5);
		assertThat(renewed.get("grant").asLong()).isNotEqualTo(granted.get("grant").asLong());
		// a question that is no such thing is a problem and grants nothing
		for (String bad : new String[] { "[]", "{\"held\":0}", "{\"base\":-1}", "{\"base\":\"7\"}", "{" }) {
			EdgeClient.Response refused = this.edge.post("/v1/kiosks/" + first.id() + "/allowance",
					EdgeClient.bearer(first.token()), "application/json", bad);
			assertThat(refused.status()).as(bad).isIn(400, 422);
			assertThat(refused.json().get("type").stringValue()).as(bad).endsWith("malformed-allowance-request");
		}
		JsonNode occupancy = this.edge.get("/v1/kiosks/" + exit.id() + "/occupancy", EdgeClient.bearer(exit.token()))
			.json();
		assertThat(occupancy.get("inside").asLong()).isZero();
		assertThat(occupancy.get("capacity").asLong()).isEqualTo(10);
		assertThat(
				this.edge.get("/v1/kiosks/" + nowhere.id() + "/occupancy", EdgeClient.bearer(nowhere.token())).status())
			.isEqualTo(404);
		assertThat(allowance(exit).status()).isEqualTo(404);
		assertThat(allowance(nowhere).status()).isEqualTo(404);
		assertThat(this.edge
			.post("/v1/kiosks/" + first.id() + "/allowance", EdgeClient.bearer(second.token()), "application/json", "")
			.status()).isEqualTo(403);
	}

	private EdgeClient.Response allowance(EdgeClient.Kiosk kiosk) {
		return this.edge.post("/v1/kiosks/" + kiosk.id() + "/allowance", EdgeClient.bearer(kiosk.token()),
				"application/json", "");
	}

	private EdgeClient.Kiosk kioskAt(String areaId) {
		return kioskAt(areaId, "ENTRY");
	}

	private EdgeClient.Kiosk kioskAt(String areaId, String direction) {
		String kioskId = TestData.kiosk();
		EdgeClient.Response provisioned = this.edge.post("/admin/v1/kiosks",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json",
				json.createObjectNode()
					.put("kioskId", kioskId)
					.put("eventId", this.event)
					.put("printerPool", "hall-a")
					.put("areaId", areaId)
					.put("direction", direction)
					.toString());
		assertThat(provisioned.status()).as(provisioned.body()).isEqualTo(201);
		return new EdgeClient.Kiosk(kioskId, this.event, provisioned.json().get("token").stringValue());
	}

	// an attendee imported without a ticket type holds the policy's first, "full", which
	// the VIP lounge does not admit
	private long savePolicy() throws IOException, InterruptedException {
		return savePolicy(null);
	}

	private long savePolicy(Integer hallCapacity) throws IOException, InterruptedException {
		String today = LocalDate.now(ZoneOffset.UTC).toString();
		String policy = """
				{"timeZone": "UTC", "days": ["%s"],
				 "ticketTypes": [{"id": "full", "name": "Full pass"}, {"id": "vip-pass", "name": "VIP pass"}],
				 "areas": [
				   {"areaId": "main-hall", "name": "Main hall", "admits": ["full", "vip-pass"], "reentry": "ONCE",
				    "printsBadge": true%s},
				   {"areaId": "vip", "name": "VIP lounge", "admits": ["vip-pass"], "reentry": "ANY"}]}"""
			.formatted(today, (hallCapacity != null) ? ", \"capacity\": " + hallCapacity : "");
		String reconciler = (String) EdgeStack.edgeProperties().get("eventops.edge.reconciler.base-url");
		HttpResponse<String> saved = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(reconciler + "/admin/v1/events/" + this.event + "/policy"))
				.header("Authorization", EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD))
				.header("Content-Type", "application/json")
				.PUT(HttpRequest.BodyPublishers.ofString(policy))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		return json.readTree(saved.body()).get("version").asLong();
	}

	private EdgeClient.Response check(EdgeClient.Kiosk kiosk, String attendeeId, OffsetDateTime capturedAt) {
		return this.edge.post("/v1/kiosks/" + kiosk.id() + "/admission-check", EdgeClient.bearer(kiosk.token()),
				"application/json",
				json.createObjectNode()
					.put("attendeeId", attendeeId)
					.put("capturedAt", TestData.time(capturedAt))
					.toString());
	}

}
