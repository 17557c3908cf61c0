package io.eventops.orchestrator.dispatch;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Dispatch on the ordinary path and through blips, flapping and a dispatch pause.
 */
@OrchestratorTest
class DispatchTests extends PrintFloorTest {

	@AfterEach
	void resumeDispatch() {
		this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
	}

	@Test
	void primaryDyingAfterPrintingSomeLosesNothingAndReprintsNothingConfirmed() {
		String pool = TestData.unique("hall");
		VirtualPrinter primary = this.floor.start("primary", Duration.ofMillis(150));
		VirtualPrinter backup = this.floor.start("backup", Duration.ofMillis(50));
		String primaryId = this.floor.register(primary, pool);
		this.floor.register(backup, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 24);
		eventually().until(() -> PrintFloor.labels(primary).size() >= 3);

		primary.die();

		this.floor.awaitState(primaryId, "DOWN");
		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, primary, backup);
		// what the primary confirmed before dying is never printed again
		List<String> confirmedOnPrimary = this.floor.ledger(jobs)
			.values()
			.stream()
			.filter((row) -> row.printerId().equals(primaryId))
			.map((row) -> row.jobId().toString())
			.toList();
		assertThat(confirmedOnPrimary).isNotEmpty();
		assertThat(PrintFloor.labels(backup)).noneMatch((label) -> confirmedOnPrimary.contains(label.jobId()));
	}

	@Test
	void blipShorterThanTheProbeThresholdMovesNothing() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("blippy", Duration.ofMillis(300));
		String printerId = this.floor.register(printer, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 8);
		eventually().until(() -> PrintFloor.labels(printer).size() >= 2);

		printer.blip(Duration.ofMillis(150));

		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, printer);
		assertThat(this.floor.state(printerId)).isEqualTo("UP");
		assertThat(this.jdbc.queryForObject("SELECT down_since IS NULL FROM printing.printers WHERE printer_id = ?",
				Boolean.class, printerId))
			.isTrue();
		assertThat(this.floor.ledger(jobs).values())
			.allSatisfy((row) -> assertThat(row.printerId()).isEqualTo(printerId));
	}

	@Test
	void flappingPrinterDoesNotOscillateJobs() {
		String pool = TestData.unique("hall");
		VirtualPrinter flapping = this.floor.start("flapping", Duration.ofMillis(100));
		VirtualPrinter steady = this.floor.start("steady", Duration.ofMillis(100));
		String flappingId = this.floor.register(flapping, pool);
		String steadyId = this.floor.register(steady, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 30);
		for (int i = 0; i < 3; i++) {
			eventually().until(() -> "UP".equals(this.floor.state(flappingId)));
			flapping.blip(Duration.ofMillis(120));
		}
		eventually().until(() -> "UP".equals(this.floor.state(flappingId)));
		flapping.blip(Duration.ofMillis(1500));
		this.floor.awaitState(flappingId, "DOWN");
		int printedWhenDown = PrintFloor.labels(flapping).size();
		for (int i = 0; i < 3; i++) {
			flapping.blip(Duration.ofMillis(120));
		}

		this.floor.awaitAllPrinted(jobs);
		// back on the network, the printer stays out: no work moves back to it
		await().during(Duration.ofMillis(800))
			.atMost(Duration.ofSeconds(5))
			.until(() -> "DOWN".equals(this.floor.state(flappingId)));
		this.floor.assertEachPrintedOnce(jobs, flapping, steady);
		// at most the label it was printing when cut off comes out after it went DOWN
		assertThat(PrintFloor.labels(flapping)).hasSizeLessThanOrEqualTo(printedWhenDown + 1);
		assertThat(this.floor.ledger(jobs).values()).allSatisfy((row) -> {
			assertThat(row.attempts()).isLessThanOrEqualTo(2);
			if (!row.printerId().equals(flappingId)) {
				assertThat(row.printerId()).isEqualTo(steadyId);
			}
		});
	}

	@Test
	void pausedDispatchSendsNothingUntilResumed() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("paused", Duration.ofMillis(50));
		this.floor.register(printer, pool);
		HttpTestClient.Response paused = this.floor.http()
			.postJson("/admin/v1/dispatch/pause", HttpTestClient.ops(), Map.of("ttlSeconds", 60));
		assertThat(paused.status()).isEqualTo(200);
		assertThat(paused.body().get("paused").asBoolean()).isTrue();

		List<BadgeJob> jobs = this.floor.jobs(pool, 5);

		// relay and queueing go on while paused
		eventually().until(() -> this.floor.countInState(jobs, "QUEUED") == jobs.size());
		await().during(Duration.ofMillis(800))
			.atMost(Duration.ofSeconds(5))
			.until(() -> printer.printedLabels().isEmpty());
		HttpTestClient.Response state = this.floor.http().get("/admin/v1/dispatch", HttpTestClient.ops());
		assertThat(state.body().get("paused").asBoolean()).isTrue();
		assertThat(state.body().get("resumesAt").isNull()).isFalse();

		HttpTestClient.Response resumed = this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
		assertThat(resumed.body().get("paused").asBoolean()).isFalse();
		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, printer);
	}

}
