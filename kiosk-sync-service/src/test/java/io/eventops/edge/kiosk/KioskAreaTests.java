package io.eventops.edge.kiosk;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kiosk's area and direction (issue #35, docs/access-control.md): provisioned, listed
 * for ops and told to the kiosk.
 */
@EdgeTest
class KioskAreaTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	EdgeClient edge;

	JdbcTemplate jdbc;

	@BeforeEach
	void edge() {
		this.edge = new EdgeClient(this.port);
		this.jdbc = EdgeStack.jdbc();
	}

	@Test
	void areaAndDirectionAreStoredListedAndToldToTheKiosk() {
		String kioskId = TestData.kiosk();
		String token = provisioned(registration(kioskId).put("areaId", "main-hall").put("direction", "EXIT"));

		JsonNode state = this.edge.get("/v1/kiosks/" + kioskId + "/sync-state", EdgeClient.bearer(token)).json();
		JsonNode listed = listed(kioskId);

		assertThat(state.get("areaId").stringValue()).isEqualTo("main-hall");
		assertThat(state.get("direction").stringValue()).isEqualTo("EXIT");
		assertThat(listed.get("areaId").stringValue()).isEqualTo("main-hall");
		assertThat(listed.get("direction").stringValue()).isEqualTo("EXIT");
	}

	@Test
	void aKioskWithoutAreaHasNoneAndEntersByDefault() {
		String kioskId = TestData.kiosk();
		String token = provisioned(registration(kioskId));

		JsonNode state = this.edge.get("/v1/kiosks/" + kioskId + "/sync-state", EdgeClient.bearer(token)).json();

		assertThat(state.has("areaId")).isFalse();
		assertThat(state.get("direction").stringValue()).isEqualTo("ENTRY");
		assertThat(listed(kioskId).get("direction").stringValue()).isEqualTo("ENTRY");
	}

	@Test
	void anAreaWithADirectionOfBothIsKept() {
		String kioskId = TestData.kiosk();
		provisioned(registration(kioskId).put("areaId", "ws-a:room_1.2").put("direction", "BOTH"));

		assertThat(listed(kioskId).get("direction").stringValue()).isEqualTo("BOTH");
		assertThat(listed(kioskId).get("areaId").stringValue()).isEqualTo("ws-a:room_1.2");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			value = { "areaId|\"main hall\"", "areaId|\"\"",
					"areaId|\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"", "direction|\"IN\"",
					"direction|\"entry\"", "direction|\"\"", "direction|7" })
	void anInvalidAreaOrDirectionIsAProblemNamingTheFieldAndStoresNothing(String field, String value) {
		String kioskId = TestData.kiosk();
		String body = registration(kioskId).toString().replaceFirst("}$", ",\"" + field + "\":" + value + "}");

		EdgeClient.Response refused = this.edge.post("/admin/v1/kiosks",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json", body);

		assertThat(refused.status()).as(refused.body()).isEqualTo(422);
		assertThat(refused.isProblem()).isTrue();
		assertThat(refused.json().get("errors")).singleElement()
			.satisfies((error) -> assertThat(error.get("field").stringValue()).isEqualTo(field));
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM edge.kiosks WHERE kiosk_id = ?", Long.class, kioskId))
			.isZero();
	}

	private ObjectNode registration(String kioskId) {
		return json.createObjectNode()
			.put("kioskId", kioskId)
			.put("eventId", TestData.unique("ev"))
			.put("label", "Hall A")
			.put("printerPool", "hall-a");
	}

	private String provisioned(ObjectNode registration) {
		EdgeClient.Response response = this.edge.post("/admin/v1/kiosks",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json", registration.toString());
		assertThat(response.status()).as(response.body()).isEqualTo(201);
		return response.json().get("token").stringValue();
	}

	private JsonNode listed(String kioskId) {
		for (JsonNode kiosk : this.edge.get("/admin/v1/kiosks", EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD))
			.json()) {
			if (kiosk.get("kioskId").stringValue().equals(kioskId)) {
				return kiosk;
			}
		}
		throw new AssertionError("kiosk not listed: " + kioskId);
	}

}
