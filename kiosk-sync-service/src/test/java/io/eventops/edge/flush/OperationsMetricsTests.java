package io.eventops.edge.flush;

import java.util.List;
import java.util.Optional;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.testsupport.HttpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The meters the alert rules need from the edge, as Prometheus scrapes them: the flush
 * latency SLO's buckets and the TLS certificate's expiry (deploy/prometheus/alerts.yml).
 */
@EdgeTest
class OperationsMetricsTests {

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Test
	void flushLatencyHasTheSloBucketsAcrossEveryFlush() throws Exception {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		String attendee = TestData.attendees(EdgeStack.jdbc(), kiosk.event(), 1).get(0);
		double before = bucket(scrape(), "+Inf");

		// a flush with an entry: heartbeats (no entries) are not batches
		EdgeClient.Response flushed = edge.flush(kiosk.id(), kiosk.token(),
				TestData.flush(1, TestData.entry(kiosk.id(), 1, attendee)));
		assertThat(flushed.status()).as(flushed.body()).isEqualTo(200);

		String metrics = scrape();
		for (String le : List.of("0.25", "0.5", "1.0", "2.0", "5.0", "+Inf")) {
			assertThat(bucketLine(metrics, le)).as("bucket le=%s", le).isPresent();
		}
		assertThat(bucket(metrics, "+Inf")).isEqualTo(before + 1);
		assertThat(bucket(metrics, "1.0")).isLessThanOrEqualTo(bucket(metrics, "+Inf"));
	}

	@Test
	void theEdgeCertificatesExpiryIsPublished() throws Exception {
		String expiry = scrape().lines()
			.filter((line) -> line.startsWith("ssl_chain_expiry_seconds{") && line.contains("bundle=\"edge\""))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no ssl_chain_expiry_seconds of bundle edge"));
		assertThat(Double.parseDouble(expiry.substring(expiry.lastIndexOf(' ') + 1))).as(expiry).isPositive();
	}

	private String scrape() {
		return new HttpTestClient(this.managementPort).text("/actuator/prometheus");
	}

	private static double bucket(String metrics, String le) {
		return bucketLine(metrics, le)
			.map((line) -> Double.parseDouble(line.substring(line.indexOf("} ") + 2).split(" ")[0]))
			.orElse(0.0);
	}

	private static Optional<String> bucketLine(String metrics, String le) {
		return metrics.lines()
			.filter((line) -> line.startsWith("eventops_edge_batch_seconds_bucket{"))
			.filter((line) -> line.contains("le=\"" + le + "\""))
			.findFirst();
	}

}
