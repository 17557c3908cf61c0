package io.eventops.edge.kiosk;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.model.time.Rfc3339;
import io.eventops.testsupport.HttpTestClient;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Heartbeats (issue #37) against the real edge and database: every kiosk request carries
 * the agent's version, backlog, free disk and clock; the kiosk list shows them with
 * {@code online} and the clock offset the edge computed, flagged beyond the clock-skew
 * limit; the gauges per area count kiosks online and kiosks offline with entries; a
 * malformed heartbeat changes nothing.
 */
@EdgeTest
class KioskContactsTests {

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	RecordedKioskGauges gauges;

	@Test
	void aKiosksHeartbeatIsListedWithItsClockOffsetAndFlaggedBeyondTheSkewLimit() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk ahead = edge.newKiosk();
		EdgeClient.Kiosk silent = edge.newKiosk(ahead.event());
		EdgeClient.Response answer = contact(edge, ahead, "9.9.9", "7", "123456",
				Rfc3339.format(OffsetDateTime.now(ZoneOffset.UTC).plusMinutes(10)));
		assertThat(answer.status()).as(answer.body()).isEqualTo(200);

		JsonNode listed = kiosk(edge, ahead.id()).get("contact");
		assertThat(listed.get("online").asBoolean()).isTrue();
		assertThat(listed.get("agentVersion").stringValue()).isEqualTo("9.9.9");
		assertThat(listed.get("clockOffsetMs").asLong()).isCloseTo(600_000L, within(60_000L));
		assertThat(listed.get("clockSkewed").asBoolean()).isTrue();
		assertThat(listed.get("diskFreeBytes").asLong()).isEqualTo(123456);
		assertThat(listed.get("reportedBacklog").asLong()).isEqualTo(7);
		JsonNode never = kiosk(edge, silent.id()).get("contact");
		assertThat(never.get("online").asBoolean()).isFalse();
		assertThat(never.path("agentVersion").isMissingNode() || never.get("agentVersion").isNull()).isTrue();

		// written at most once per interval: a contact right after changes nothing, one
		// after the interval does
		this.jdbc.update("UPDATE edge.kiosks SET last_contact_at = now() WHERE kiosk_id = ?", ahead.id());
		contact(edge, ahead, "9.9.10", "0", "1", Rfc3339.format(OffsetDateTime.now(ZoneOffset.UTC)));
		assertThat(kiosk(edge, ahead.id()).get("contact").get("agentVersion").stringValue()).isEqualTo("9.9.9");
		this.jdbc.update("UPDATE edge.kiosks SET last_contact_at = now() - interval '1 hour' WHERE kiosk_id = ?",
				ahead.id());
		contact(edge, ahead, "9.9.10", "0", "1", Rfc3339.format(OffsetDateTime.now(ZoneOffset.UTC)));
		JsonNode now = kiosk(edge, ahead.id()).get("contact");
		assertThat(now.get("agentVersion").stringValue()).isEqualTo("9.9.10");
		assertThat(now.get("clockSkewed").asBoolean()).isFalse();
	}

	@Test
	void aMalformedHeartbeatIsAProblemAndChangesNothing() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		String clock = Rfc3339.format(OffsetDateTime.now(ZoneOffset.UTC));
		for (String[] bad : new String[][] { { "1.0", "-1", "5", clock }, { "1.0", "x", "5", clock },
				{ "1.0", "0", "5", "yesterday" }, { "1.0 beta", "0", "5", clock } }) {
			EdgeClient.Response refused = contact(edge, kiosk, bad[0], bad[1], bad[2], bad[3]);
			assertThat(refused.status()).as(String.join(",", bad)).isEqualTo(400);
			assertThat(refused.json().get("type").stringValue()).endsWith("malformed-heartbeat");
		}
		assertThat(this.jdbc.queryForObject("SELECT last_contact_at IS NULL FROM edge.kiosks WHERE kiosk_id = ?",
				Boolean.class, kiosk.id()))
			.isTrue();
	}

	@Test
	void theGaugesCountKiosksOnlineAndOfflineWithEntriesPerArea() throws Exception {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk online = edge.newKiosk();
		EdgeClient.Kiosk gone = edge.newKiosk(online.event());
		contact(edge, online, "1.0", "0", "5", Rfc3339.format(OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1)));
		// gone held seven entries at its last call, ten minutes ago
		assertThat(edge.flush(gone.id(), gone.token(), TestData.flush(7)).status()).isEqualTo(200);
		this.jdbc.update("UPDATE edge.kiosks SET last_contact_at = now() - interval '10 minutes' WHERE kiosk_id = ?",
				gone.id());

		this.gauges.refresh();

		String metrics = new HttpTestClient(this.managementPort).text("/actuator/prometheus");
		assertThat(value(metrics, "eventops_edge_kiosks_online", "event=\"" + online.event() + "\"")).contains(1.0);
		assertThat(value(metrics, "eventops_edge_kiosks_offline_with_entries", "event=\"" + online.event() + "\""))
			.contains(1.0);
		assertThat(
				value(metrics, "eventops_edge_kiosk_recorded_clock_offset_seconds", "kioskId=\"" + online.id() + "\"")
					.orElseThrow())
			.isCloseTo(-60.0, within(30.0));
	}

	private static EdgeClient.Response contact(EdgeClient edge, EdgeClient.Kiosk kiosk, String version, String backlog,
			String diskFree, String clock) {
		return edge.get("/v1/kiosks/" + kiosk.id() + "/sync-state", EdgeClient.bearer(kiosk.token()),
				Map.of(KioskContacts.VERSION, version, KioskContacts.BACKLOG, backlog, KioskContacts.DISK_FREE,
						diskFree, KioskContacts.CLOCK, clock));
	}

	private static JsonNode kiosk(EdgeClient edge, String kioskId) {
		EdgeClient.Response list = edge.get("/admin/v1/kiosks", EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD));
		assertThat(list.status()).as(list.body()).isEqualTo(200);
		for (JsonNode kiosk : list.json()) {
			if (kiosk.get("kioskId").stringValue().equals(kioskId)) {
				return kiosk;
			}
		}
		throw new AssertionError("not listed: " + kioskId);
	}

	private static Optional<Double> value(String metrics, String name, String label) {
		return metrics.lines()
			.filter((line) -> line.startsWith(name + "{") && line.contains(label))
			.map((line) -> Double.parseDouble(line.substring(line.indexOf("} ") + 2).split(" ")[0]))
			.findFirst();
	}

}
