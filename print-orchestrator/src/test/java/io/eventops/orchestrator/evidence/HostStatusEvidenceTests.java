package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloor;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;

import org.springframework.test.context.TestPropertySource;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Settling an unknown outcome by {@code ~HS} on a printer without the label counter
 * (invariant 8): only busy-then-idle the dispatcher saw without a gap counts. The
 * confirmation gives up after 300 ms, so that the dispatcher settles it afterwards, and a
 * printer is declared DOWN only after 50 failed probes, so that a pause keeps it SUSPECT.
 */
@OrchestratorTest
@TestPropertySource(properties = { "eventops.print.confirm-timeout=300ms", "eventops.print.down-after-failures=50" })
class HostStatusEvidenceTests extends PrintFloorTest {

	@Test
	void aLabelCancelledWhileThePrinterWasSuspectIsNotTakenForPrinted() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.startWithoutCounter("suspect", Duration.ofMillis(2000));
		String printerId = this.floor.register(printer, pool);
		BadgeJob job = this.floor.jobs(pool, 1).get(0);
		// the dispatcher watches the unknown job busy on the printer
		eventually().during(Duration.ofMillis(300))
			.until(() -> "UNKNOWN_OUTCOME".equals(state(job)) && printer.state().labelsRemaining() == 1);

		// a probe failed (the printer is SUSPECT, so the dispatcher stops looking); while
		// it is, the operator pauses it, presses CANCEL, which drops the label, and
		// resumes it
		this.jdbc.update("UPDATE printing.printers SET state = 'SUSPECT' WHERE printer_id = ?", printerId);
		printer.pause();
		// the probes see the pause: the operator takes seconds, not microseconds
		eventually().until(() -> this.jdbc.queryForObject(
				"SELECT consecutive_probe_failures > 0 FROM printing.printers WHERE printer_id = ?", Boolean.class,
				printerId));
		printer.cancel();
		printer.resume();

		this.floor.awaitState(printerId, "UP");
		this.floor.awaitAllPrinted(List.of(job));
		assertThat(PrintFloor.labelsOf(job, printer)).as("labels of the job").isOne();
		assertThat(printer.droppedLabels()).hasSize(1);
		assertThat(this.floor.ledger(List.of(job)).get(job.jobId()).possibleDuplicate()).isTrue();
	}

	// null until the relay has put the job into the ledger (on a loaded machine the first
	// look can come before it)
	private String state(BadgeJob job) {
		return this.jdbc
			.queryForList("SELECT state FROM printing.print_jobs WHERE job_id = ?", String.class, job.jobId())
			.stream()
			.findFirst()
			.orElse(null);
	}

}
