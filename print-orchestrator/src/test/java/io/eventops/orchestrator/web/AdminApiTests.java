package io.eventops.orchestrator.web;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloor;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalManagementPort;

import static io.eventops.orchestrator.HttpTestClient.admin;
import static io.eventops.orchestrator.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

@OrchestratorTest
class AdminApiTests extends PrintFloorTest {

	@LocalManagementPort
	private int managementPort;

	@Test
	void metricsAndHealthAreServedOnTheManagementPortOnly() {
		assertThat(this.floor.http().get("/actuator/prometheus", null).status()).isIn(401, 403, 404);
		assertThat(this.floor.http().get("/actuator/prometheus", ops()).status()).isIn(401, 403, 404);
		HttpTestClient management = new HttpTestClient(this.managementPort);
		assertThat(management.text("/actuator/prometheus")).contains("service=\"print-orchestrator\"");
		assertThat(management.get("/actuator/health/readiness", null).status()).isEqualTo(200);
	}

	@Test
	void registeringPrintersNeedsAdminAndAnExistingIdIsAConflict() {
		Map<String, Object> printer = Map.of("printerId", TestData.unique("p"), "host", "127.0.0.1", "port", 9100,
				"pool", "hall");
		HttpTestClient http = this.floor.http();
		assertThat(http.postJson("/admin/v1/printers", null, printer).status()).isEqualTo(401);
		HttpTestClient.Response forbidden = http.postJson("/admin/v1/printers", ops(), printer);
		assertThat(forbidden.status()).isEqualTo(403);
		assertThat(forbidden.contentType()).startsWith("application/problem+json");
		assertThat(http.postJson("/admin/v1/printers", admin(), printer).status()).isEqualTo(201);
		HttpTestClient.Response again = http.postJson("/admin/v1/printers", admin(), printer);
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.body().get("type").asString()).endsWith("printer-exists");
		assertThat(http.get("/admin/v1/printers", admin()).status()).isEqualTo(200);
	}

	@Test
	void printerHostsOutsideTheConfiguredNetworksAndPortsAreRefusedAndNothingIsRegistered() {
		// the tests allow loopback on ports 1024-65535 (OrchestratorTest)
		for (Map.Entry<String, Integer> target : List.of(Map.entry("127.0.0.1", 22), Map.entry("169.254.169.254", 9100),
				Map.entry("10.0.0.1", 9100), Map.entry("no-such-host.invalid", 9100))) {
			String printerId = TestData.unique("scan");
			HttpTestClient.Response response = this.floor.http()
				.postJson("/admin/v1/printers", admin(), Map.of("printerId", printerId, "host", target.getKey(), "port",
						target.getValue(), "pool", "hall"));

			assertThat(response.status()).as("%s", target).isEqualTo(422);
			assertThat(response.contentType()).startsWith("application/problem+json");
			assertThat(response.body().get("type").asString()).endsWith("printer-address-not-allowed");
			assertThat(response.body().has("reachable")).isFalse();
			assertThat(this.jdbc.queryForObject("SELECT count(*) FROM printing.printers WHERE printer_id = ?",
					Long.class, printerId))
				.isZero();
		}
	}

	@Test
	void invalidPrinterFieldsAreNamedInAProblem() {
		HttpTestClient.Response response = this.floor.http()
			.postJson("/admin/v1/printers", admin(),
					Map.of("printerId", "bad id!", "host", "", "port", 70000, "pool", "hall"));
		assertThat(response.status()).isEqualTo(422);
		assertThat(response.contentType()).startsWith("application/problem+json");
		List<String> fields = response.body()
			.get("errors")
			.valueStream()
			.map((error) -> error.get("field").asString())
			.toList();
		assertThat(fields).contains("printerId", "host", "port");
	}

	@Test
	void unknownPrinterIsAProblem() {
		HttpTestClient.Response response = this.floor.http()
			.postJson("/admin/v1/printers/nope/failover", ops(), Map.of());
		assertThat(response.status()).isEqualTo(404);
		assertThat(response.body().has("detail")).isTrue();
	}

	@Test
	void printersAndJobsAreListedForOps() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("listed", Duration.ofMillis(50));
		String printerId = this.floor.register(printer, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 3);
		this.floor.awaitAllPrinted(jobs);

		JsonNode listed = null;
		for (JsonNode node : this.floor.http().get("/admin/v1/printers", ops()).body()) {
			if (node.get("printerId").asString().equals(printerId)) {
				listed = node;
			}
		}
		assertThat(listed).isNotNull();
		assertThat(listed.get("state").asString()).isEqualTo("UP");
		assertThat(listed.get("pool").asString()).isEqualTo(pool);
		assertThat(listed.get("queueDepth").asLong()).isZero();
		assertThat(listed.get("lastStatus").get("paperOut").asBoolean()).isFalse();
		assertThat(listed.get("lastStatus").has("formatsInBuffer")).isTrue();

		JsonNode byAttendee = this.floor.http()
			.get("/admin/v1/print-jobs?attendeeId=" + jobs.get(0).attendeeId(), ops())
			.body();
		assertThat(byAttendee.size()).isEqualTo(1);
		assertThat(byAttendee.get(0).get("jobId").asString()).isEqualTo(jobs.get(0).jobId().toString());
		assertThat(byAttendee.get(0).get("state").asString()).isEqualTo("PRINTED");
		assertThat(byAttendee.get(0).get("printerId").asString()).isEqualTo(printerId);
		assertThat(byAttendee.get(0).get("attempts").asInt()).isEqualTo(1);
		assertThat(byAttendee.get(0).get("possibleDuplicate").asBoolean()).isFalse();
		assertThat(byAttendee.get(0).get("printedAt").isNull()).isFalse();
		JsonNode summary = this.floor.http().get("/admin/v1/print-jobs/summary", ops()).body();
		assertThat(summary.get("PRINTED").asLong()).isGreaterThanOrEqualTo(3);
		assertThat(summary.has("PENDING")).isTrue();
		assertThat(summary.has("UNKNOWN_OUTCOME")).isTrue();
		assertThat(this.floor.http().get("/admin/v1/print-jobs?state=NOPE", ops()).status()).isBetween(400, 422);
		// the label carries the contract's trace comment and QR credential
		assertThat(printer.printedLabels().get(0).zpl()).startsWith("^XA")
			.contains("^FXjob=" + jobs.get(0).jobId() + ";attendee=" + jobs.get(0).attendeeId() + ";credential=1^FS")
			.contains("^BQN,2,");
	}

	@Test
	void aPrinterGetsTheNamesItsFontCannotDrawAsGraphicsAndOpsCanChangeItsFont() {
		String pool = TestData.unique("intl");
		List<BadgeJob> jobs = TestData.badgeJobs(this.floor.jdbc(), pool, 1, "李小龍 (Bruce Lee)");
		VirtualPrinter printer = this.floor.start("intl", Duration.ofMillis(50));
		String printerId = this.floor.register(printer, pool);
		this.floor.awaitAllPrinted(jobs);

		String zpl = printer.printedLabels().get(0).zpl();
		assertThat(zpl).contains("^GFA,").contains(":Z64:").doesNotContain("李").doesNotContain("Bruce");
		assertThat(listed(printerId).get("textFont").get("file").isNull()).isTrue();

		HttpTestClient http = this.floor.http();
		String path = "/admin/v1/printers/" + printerId + "/text-font";
		HttpTestClient.Response bad = http.putJson(path, ops(),
				Map.of("file", "E:NOTO^XZ.TTF", "scripts", List.of("HAN")));
		assertThat(bad.status()).isEqualTo(422);
		assertThat(http.putJson(path, ops(), Map.of("file", "E:NOTO.TTF", "scripts", List.of("KLINGON"))).status())
			.isEqualTo(422);
		assertThat(listed(printerId).get("textFont").get("file").isNull()).isTrue();
		HttpTestClient.Response changed = http.putJson(path, ops(),
				Map.of("file", "E:NOTOCJK.TTF", "scripts", List.of("LATIN", "HAN")));
		assertThat(changed.status()).as(changed.toString()).isEqualTo(200);
		assertThat(listed(printerId).get("textFont").get("file").asString()).isEqualTo("E:NOTOCJK.TTF");
		assertThat(listed(printerId).get("textFont").get("scripts").valueStream().map(JsonNode::asString).toList())
			.containsExactly("HAN", "LATIN");
		assertThat(http.putJson("/admin/v1/printers/nope/text-font", ops(), Map.of()).status()).isEqualTo(404);
	}

	private JsonNode listed(String printerId) {
		for (JsonNode node : this.floor.http().get("/admin/v1/printers", ops()).body()) {
			if (node.get("printerId").asString().equals(printerId)) {
				return node;
			}
		}
		throw new AssertionError("printer " + printerId + " not listed");
	}

}
