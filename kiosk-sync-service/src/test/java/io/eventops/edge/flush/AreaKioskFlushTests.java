package io.eventops.edge.flush;

import java.util.List;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A flush of a kiosk provisioned for an area (issue #35): an entry of another area, or of
 * none, is rejected on its own naming {@code areaId}, acknowledged with the rest of its
 * batch (invariants 6 and 11).
 */
@EdgeTest
class AreaKioskFlushTests {

	@LocalServerPort
	int port;

	@Test
	void anEntryOfAnotherAreaIsRejectedAloneNamingTheArea() {
		EdgeClient edge = new EdgeClient(this.port);
		String kioskId = TestData.kiosk();
		String event = TestData.unique("ev");
		EdgeClient.Response provisioned = edge.post("/admin/v1/kiosks",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json", "{\"kioskId\":\"" + kioskId
						+ "\",\"eventId\":\"" + event + "\",\"printerPool\":\"hall-a\",\"areaId\":\"main-hall\"}");
		String token = provisioned.json().get("token").stringValue();
		List<String> attendees = TestData.attendees(EdgeStack.jdbc(), event, 3);
		ObjectNode own = TestData.entry(kioskId, 1, attendees.get(0)).node().put("areaId", "main-hall");
		ObjectNode other = TestData.entry(kioskId, 2, attendees.get(1)).node().put("areaId", "workshop-a");
		ObjectNode none = TestData.entry(kioskId, 3, attendees.get(2)).node();

		JsonNode response = edge.flush(kioskId, token, TestData.flush(3, List.of(own, other, none))).json();

		JsonNode results = response.get("results");
		assertThat(results.get(0).get("outcome").stringValue()).isEqualTo("APPLIED");
		for (JsonNode rejected : List.of(results.get(1), results.get(2))) {
			assertThat(rejected.get("outcome").stringValue()).isEqualTo("REJECTED");
			assertThat(rejected.get("reason").stringValue()).isEqualTo("INVALID_ENTRY");
			assertThat(rejected.get("field").stringValue()).isEqualTo("areaId");
		}
		assertThat(response.get("ackedThroughSeq").asLong()).isEqualTo(3);
	}

}
