package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloor;
import io.eventops.orchestrator.PrintFloor.LedgerRow;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;

import org.springframework.test.context.TestPropertySource;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Printing by the label counter over real TCP (invariant 8): a confirmation cut short by
 * a blip, a swallowed format, a jam cleared with CANCEL and a restart each end with
 * exactly one label. Confirmations here give up after 400 ms, so that the orchestrator
 * settles them afterwards by reading the counter, and a printer is declared DOWN only
 * after 20 failed probes of 100 ms, so that a 1 s blip is shorter than the probe
 * threshold, as the field's 1 s blip is shorter than 3 probes of 1 s.
 */
@OrchestratorTest
@TestPropertySource(properties = { "eventops.print.confirm-timeout=400ms", "eventops.print.down-after-failures=20" })
class ConfirmationByCounterTests extends PrintFloorTest {

	@Test
	void blipShorterThanTheProbeThresholdDuringAConfirmationPrintsNoLabelTwice() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("blip", Duration.ofMillis(800));
		String printerId = this.floor.register(printer, pool);
		BadgeJob job = this.floor.jobs(pool, 1).get(0);
		eventually().until(() -> "PRINTING".equals(state(job)) && printer.state().labelsRemaining() == 1);

		// the label comes out while the printer is off the network, after the
		// confirmation gave up
		printer.blip(Duration.ofSeconds(1));

		this.floor.awaitAllPrinted(List.of(job));
		assertThat(PrintFloor.labelsOf(job, printer)).isOne();
		assertThat(row(job).attempts()).isOne();
		assertThat(row(job).possibleDuplicate()).isFalse();
		assertThat(this.floor.confirmedBy(job)).isEqualTo("LABEL_COUNTER");
		assertThat(this.floor.state(printerId)).isEqualTo("UP");
		assertThat(this.jdbc.queryForList(
				"SELECT label_count_before, label_count_after FROM printing.print_jobs WHERE job_id = ?", job.jobId()))
			.singleElement()
			.satisfies((counts) -> assertThat((long) counts.get("label_count_after"))
				.isEqualTo((long) counts.get("label_count_before") + 1));
	}

	@Test
	void swallowedFormatIsPrintedAgainAndComesOutExactlyOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("swallow", Duration.ofMillis(200));
		this.floor.register(printer, pool);
		printer.swallowNext();

		BadgeJob job = this.floor.jobs(pool, 1).get(0);

		this.floor.awaitAllPrinted(List.of(job));
		assertThat(PrintFloor.labelsOf(job, printer)).isOne();
		assertThat(row(job).attempts()).as("the swallowed send and the one that printed").isEqualTo(2);
		assertThat(row(job).possibleDuplicate()).as("the counter proved the first send dropped").isFalse();
		assertThat(this.floor.confirmedBy(job)).isEqualTo("LABEL_COUNTER");
	}

	@Test
	void jamClearedWithCancelAfterTheConfirmationGaveUpIsPrintedAgainOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("jam", Duration.ofMillis(100));
		this.floor.register(printer, pool);
		printer.jam();
		BadgeJob job = this.floor.jobs(pool, 1).get(0);
		// a jam does not show in ~HS: the printer looks busy until the time runs out
		eventually().until(() -> "UNKNOWN_OUTCOME".equals(state(job)) && printer.state().jammed());

		printer.cancel();

		this.floor.awaitAllPrinted(List.of(job));
		assertThat(PrintFloor.labelsOf(job, printer)).isOne();
		assertThat(row(job).attempts()).isEqualTo(2);
		assertThat(row(job).possibleDuplicate()).isFalse();
	}

	@Test
	void restartDuringAConfirmationLosesTheFormatAndItIsPrintedAgainOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("restart", Duration.ofMillis(800));
		this.floor.register(printer, pool);
		BadgeJob job = this.floor.jobs(pool, 1).get(0);
		eventually().until(() -> "PRINTING".equals(state(job)) && printer.state().labelsRemaining() == 1);

		printer.restart(Duration.ofMillis(300));

		this.floor.awaitAllPrinted(List.of(job));
		assertThat(PrintFloor.labelsOf(job, printer)).isOne();
		assertThat(row(job).attempts()).isEqualTo(2);
		assertThat(row(job).possibleDuplicate()).isFalse();
	}

	@Test
	void noJobIsPrintedWithoutALabelAcrossEveryFaultOfAShift() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("shift", Duration.ofMillis(150));
		this.floor.register(printer, pool);
		printer.swallowNext();
		List<BadgeJob> jobs = this.floor.jobs(pool, 6);
		eventually().until(() -> PrintFloor.labels(printer).size() >= 2);
		printer.swallowNext();
		printer.blip(Duration.ofMillis(600));
		eventually().until(() -> PrintFloor.labels(printer).size() >= 4);
		printer.swallowNext();

		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, printer);
		assertThat(this.floor.ledger(jobs).values()).noneMatch(LedgerRow::possibleDuplicate);
	}

	// null until the relay took the job into the ledger
	private String state(BadgeJob job) {
		LedgerRow row = row(job);
		return (row != null) ? row.state() : null;
	}

	private LedgerRow row(BadgeJob job) {
		return this.floor.ledger(List.of(job)).get(job.jobId());
	}

}
