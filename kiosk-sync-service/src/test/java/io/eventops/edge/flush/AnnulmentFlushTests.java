package io.eventops.edge.flush;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kiosk's annulment over HTTPS through the edge to the real reconciler (#36): flushed
 * with its admission ("that was not me"), both are applied and acknowledged, the attendee
 * counts nowhere, a replay is a duplicate, and an annulment of a key the server has not
 * seen is rejected alone, acknowledged and quarantined (invariants 1, 6, 11 and 13).
 */
@EdgeTest
class AnnulmentFlushTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	@Test
	void aKioskAnnulsItsOwnAdmissionInTheSameFlush() throws Exception {
		EdgeClient edge = new EdgeClient(this.port);
		String kioskId = TestData.kiosk();
		String event = TestData.unique("ev");
		EdgeClient.Response provisioned = edge.post("/admin/v1/kiosks",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json", "{\"kioskId\":\"" + kioskId
						+ "\",\"eventId\":\"" + event + "\",\"printerPool\":\"hall-a\",\"areaId\":\"main-hall\"}");
		assertThat(provisioned.status()).as(provisioned.body()).isEqualTo(201);
		String token = provisioned.json().get("token").stringValue();
		List<String> attendees = TestData.attendees(EdgeStack.jdbc(), event, 2);
		long version = savePolicy(event);
		ObjectNode admitted = TestData.entry(kioskId, 1, attendees.get(0))
			.node()
			.put("areaId", "main-hall")
			.put("policyVersion", version);
		admitted.putObject("kioskDecision").put("decision", "ADMIT");
		ObjectNode other = TestData.entry(kioskId, 2, attendees.get(1))
			.node()
			.put("areaId", "main-hall")
			.put("policyVersion", version);
		other.putObject("kioskDecision").put("decision", "ADMIT");
		ObjectNode annul = TestData.entry(kioskId, 3, attendees.get(0))
			.node()
			.put("type", "ANNUL")
			.put("annuls", kioskId + ":1");
		String body = TestData.flush(3, List.of(admitted, other, annul));

		JsonNode response = edge.flush(kioskId, token, body).json();

		assertThat(response.get("results").valueStream().map((result) -> result.get("outcome").stringValue()))
			.containsExactly("APPLIED", "APPLIED", "APPLIED");
		assertThat(response.get("ackedThroughSeq").asLong()).isEqualTo(3);
		assertThat(headcount(event).get("checkedIn").asLong()).isEqualTo(1);
		JsonNode replayed = edge.flush(kioskId, token, body).json();
		assertThat(replayed.get("results").valueStream().map((result) -> result.get("outcome").stringValue()))
			.containsOnly("DUPLICATE");

		// an annulment of an admission the server has not seen: rejected on its own
		ObjectNode unseen = TestData.entry(kioskId, 4, attendees.get(1))
			.node()
			.put("type", "ANNUL")
			.put("annuls", kioskId + ":99");
		JsonNode rejected = edge.flush(kioskId, token, TestData.flush(4, List.of(unseen))).json();
		assertThat(rejected.get("results").get(0).get("outcome").stringValue()).isEqualTo("REJECTED");
		assertThat(rejected.get("results").get(0).get("reason").stringValue()).isEqualTo("ANNULS_UNKNOWN_ENTRY");
		assertThat(rejected.get("ackedThroughSeq").asLong()).isEqualTo(4);
		assertThat(headcount(event).get("checkedIn").asLong()).isEqualTo(1);
	}

	private static JsonNode headcount(String event) throws IOException, InterruptedException {
		HttpResponse<String> answer = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(reconciler() + "/admin/v1/events/" + event + "/headcount"))
				.header("Authorization", EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD))
				.GET()
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
		return json.readTree(answer.body());
	}

	private static long savePolicy(String event) throws IOException, InterruptedException {
		String today = LocalDate.now(ZoneOffset.UTC).toString();
		String policy = """
				{"timeZone": "UTC", "days": ["%s"],
				 "ticketTypes": [{"id": "full", "name": "Full pass"}],
				 "areas": [{"areaId": "main-hall", "name": "Main hall", "admits": ["full"], "reentry": "ANY",
				   "printsBadge": true}]}""".formatted(today);
		HttpResponse<String> saved = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(reconciler() + "/admin/v1/events/" + event + "/policy"))
				.header("Authorization", EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD))
				.header("Content-Type", "application/json")
				.PUT(HttpRequest.BodyPublishers.ofString(policy))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		return json.readTree(saved.body()).get("version").asLong();
	}

	private static String reconciler() {
		return (String) EdgeStack.edgeProperties().get("eventops.edge.reconciler.base-url");
	}

}
