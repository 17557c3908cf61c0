package io.eventops.edge.kiosk;

import java.time.Instant;
import java.util.Optional;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.testsupport.HttpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The kiosk gauges read from {@code edge.kiosks}: what a kiosk reported reaches
 * Prometheus from the database, not from the pod it flushed to, and a revoked kiosk
 * leaves.
 */
@EdgeTest
class RecordedKioskGaugesTests {

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Autowired
	RecordedKioskGauges gauges;

	@Test
	void aKiosksRecordedBacklogAndLastCallArePublishedUntilItIsRevoked() throws Exception {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		// a heartbeat: seven entries on the kiosk, none sent yet
		EdgeClient.Response heartbeat = edge.flush(kiosk.id(), kiosk.token(), TestData.flush(7));
		assertThat(heartbeat.status()).as(heartbeat.body()).isEqualTo(200);

		this.gauges.refresh();

		String metrics = scrape();
		assertThat(value(metrics, "eventops_edge_kiosk_recorded_backlog", kiosk.id())).contains(7.0);
		assertThat(value(metrics, "eventops_edge_kiosk_recorded_last_seen_seconds", kiosk.id()).orElseThrow())
			.isCloseTo(Instant.now().getEpochSecond(), within(60.0));

		EdgeClient.Response revoked = edge.post("/admin/v1/kiosks/" + kiosk.id() + "/revoke",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json", "");
		assertThat(revoked.status()).as(revoked.body()).isEqualTo(204);
		this.gauges.refresh();

		assertThat(value(scrape(), "eventops_edge_kiosk_recorded_backlog", kiosk.id())).isEmpty();
	}

	private String scrape() {
		return new HttpTestClient(this.managementPort).text("/actuator/prometheus");
	}

	private static Optional<Double> value(String metrics, String name, String kiosk) {
		return metrics.lines()
			.filter((line) -> line.startsWith(name + "{") && line.contains("kioskId=\"" + kiosk + "\""))
			.map((line) -> Double.parseDouble(line.substring(line.indexOf("} ") + 2).split(" ")[0]))
			.findFirst();
	}

}
