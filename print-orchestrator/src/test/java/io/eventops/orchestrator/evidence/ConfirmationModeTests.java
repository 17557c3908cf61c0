package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;

import org.springframework.beans.factory.annotation.Autowired;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How each printer confirms labels, found out at registration and shown to ops; the
 * weaker {@code ~HS} fallback recorded as such in the ledger; the PRINTED gauge read from
 * the ledger.
 */
@OrchestratorTest
class ConfirmationModeTests extends PrintFloorTest {

	@Autowired
	private MeterRegistry meters;

	@Test
	void printersShowHowTheyConfirmLabelsFromTheirRegistration() {
		String pool = TestData.unique("hall");
		VirtualPrinter counting = this.floor.start("counting", Duration.ofMillis(50));
		VirtualPrinter older = this.floor.startWithoutCounter("older", Duration.ofMillis(50));

		HttpTestClient.Response registered = this.floor.http()
			.postJson("/admin/v1/printers", HttpTestClient.admin(),
					Map.of("printerId", older.name(), "host", older.host(), "port", older.port(), "pool", pool));
		assertThat(registered.status()).isEqualTo(201);
		assertThat(registered.body().get("confirmationMode").asString()).isEqualTo("HOST_STATUS");
		String countingId = this.floor.register(counting, pool);

		Map<String, JsonNode> printers = listed();
		assertThat(printers.get(countingId).get("confirmationMode").asString()).isEqualTo("LABEL_COUNTER");
		assertThat(printers.get(older.name()).get("confirmationMode").asString()).isEqualTo("HOST_STATUS");
	}

	@Test
	void aCounterPrinterWhoseCounterGoesSilentIsDeclaredDownAndItsBadgePrintsElsewhere() {
		String pool = TestData.unique("hall");
		VirtualPrinter silent = this.floor.start("silent", Duration.ofMillis(50));
		String silentId = this.floor.register(silent, pool);
		this.floor.http().postJson("/admin/v1/dispatch/pause", HttpTestClient.ops(), Map.of("ttlSeconds", 60));
		BadgeJob job;
		try {
			job = this.floor.jobs(pool, 1).get(0);
			eventually().until(() -> this.floor.ledger(List.of(job)).containsKey(job.jobId())
					&& silentId.equals(this.floor.ledger(List.of(job)).get(job.jobId()).printerId()));
			// ~HS still answers, the counter's getvar no longer does: nothing can be
			// confirmed there
			silent.silenceLabelCounter();
		}
		finally {
			this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
		}
		VirtualPrinter backup = this.floor.start("backup", Duration.ofMillis(50));
		this.floor.register(backup, pool);

		this.floor.awaitState(silentId, "DOWN");
		this.floor.awaitAllPrinted(List.of(job));
		this.floor.assertEachPrintedOnce(List.of(job), silent, backup);
	}

	@Test
	void aCounterPrinterThatLosesItsCounterIsConfirmedByHostStatusFromThenOn() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("downgraded", Duration.ofMillis(50));
		String printerId = this.floor.register(printer, pool);
		// a firmware change: the getvar answers "?"
		printer.forgetLabelCounter();

		BadgeJob job = this.floor.jobs(pool, 1).get(0);

		this.floor.awaitAllPrinted(List.of(job));
		this.floor.assertEachPrintedOnce(List.of(job), printer);
		assertThat(this.floor.confirmedBy(job)).isEqualTo("HOST_STATUS");
		assertThat(listed().get(printerId).get("confirmationMode").asString()).isEqualTo("HOST_STATUS");
		assertThat(this.floor.state(printerId)).isEqualTo("UP");
	}

	@Test
	void aPrinterRegisteredBeforeTheModesExistedIsAskedByItsNextCleanProbe() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("upgraded", Duration.ofMillis(50));
		String printerId = this.floor.register(printer, pool);
		// as every printer right after the upgrade to V3
		this.jdbc.update("UPDATE printing.printers SET confirmation_mode = NULL WHERE printer_id = ?", printerId);

		eventually().until(() -> "LABEL_COUNTER".equals(listed().get(printerId).get("confirmationMode").asString()));
		List<BadgeJob> jobs = this.floor.jobs(pool, 2);
		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, printer);
	}

	@Test
	void aPrinterUnreachableAtRegistrationIsAskedOnceItAnswersAndCanBeProbePrinted() throws Exception {
		String pool = TestData.unique("hall");
		VirtualPrinter gone = this.floor.start("late", Duration.ofMillis(50));
		int port = gone.port();
		gone.close();
		String printerId = TestData.unique("late");
		HttpTestClient.Response registered = this.floor.http()
			.postJson("/admin/v1/printers", HttpTestClient.admin(),
					Map.of("printerId", printerId, "host", "127.0.0.1", "port", port, "pool", pool));
		assertThat(registered.status()).isEqualTo(201);
		assertThat(registered.body().get("confirmationMode").isNull()).isTrue();
		this.floor.awaitState(printerId, "DOWN");
		VirtualPrinter older = this.floor.startWithoutCounter("late", Duration.ofMillis(50), port);

		eventually().until(() -> this.floor.http()
			.post("/admin/v1/printers/" + printerId + "/probe-print", HttpTestClient.ops())
			.status() == 200);

		assertThat(listed().get(printerId).get("confirmationMode").asString()).isEqualTo("HOST_STATUS");
		assertThat(older.printedLabels()).hasSize(1);
	}

	@Test
	void fallbackConfirmationsAreRecordedAsWeakerEvidenceInTheLedger() {
		String pool = TestData.unique("hall");
		VirtualPrinter older = this.floor.startWithoutCounter("older", Duration.ofMillis(50));
		this.floor.register(older, pool);
		List<BadgeJob> olderJobs = this.floor.jobs(pool, 3);
		this.floor.awaitAllPrinted(olderJobs);
		this.floor.assertEachPrintedOnce(olderJobs, older);
		String counterPool = TestData.unique("hall");
		VirtualPrinter counting = this.floor.start("counting", Duration.ofMillis(50));
		this.floor.register(counting, counterPool);
		List<BadgeJob> countedJobs = this.floor.jobs(counterPool, 2);
		this.floor.awaitAllPrinted(countedJobs);

		assertThat(olderJobs).allSatisfy((job) -> assertThat(this.floor.confirmedBy(job)).isEqualTo("HOST_STATUS"));
		assertThat(countedJobs).allSatisfy((job) -> assertThat(this.floor.confirmedBy(job)).isEqualTo("LABEL_COUNTER"));
		JsonNode listed = this.floor.http()
			.get("/admin/v1/print-jobs?attendeeId=" + olderJobs.get(0).attendeeId(), HttpTestClient.ops())
			.body();
		assertThat(listed.get(0).get("confirmedBy").asString()).isEqualTo("HOST_STATUS");
	}

	@Test
	void printedGaugeCountsPrintedLedgerRowsPerPool() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("gauge", Duration.ofMillis(30));
		this.floor.register(printer, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 4);
		this.floor.awaitAllPrinted(jobs);

		eventually().until(() -> printedGauge(pool) == 4.0);
		// read from the ledger, not counted in this process: whatever the ledger says
		// (rows printed by another replica, or before a restart) is what it shows
		String other = TestData.unique("hall");
		this.jdbc.update("UPDATE printing.print_jobs SET printer_pool = ? WHERE job_id = ?", other,
				jobs.get(0).jobId());
		eventually().until(() -> printedGauge(pool) == 3.0 && printedGauge(other) == 1.0);
	}

	private double printedGauge(String pool) {
		var gauge = this.meters.find("eventops.print.jobs.printed").tag("pool", pool).gauge();
		return (gauge != null) ? gauge.value() : -1;
	}

	private Map<String, JsonNode> listed() {
		JsonNode printers = this.floor.http().get("/admin/v1/printers", HttpTestClient.ops()).body();
		return printers.valueStream()
			.collect(Collectors.toMap((printer) -> printer.get("printerId").asString(), (printer) -> printer));
	}

}
