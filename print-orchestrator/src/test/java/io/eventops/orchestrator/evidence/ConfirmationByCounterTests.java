package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.eventops.orchestrator.HttpTestClient;
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
import static org.awaitility.Awaitility.await;

/**
 * Printing by the label counter over real TCP (invariant 8): a confirmation cut short by
 * a blip, a swallowed format, a jam cleared with CANCEL and a restart each end with
 * exactly one label. Confirmations here give up after 400 ms, so that the orchestrator
 * settles them afterwards by reading the counter, and a printer is declared DOWN only
 * after 20 failed probes of 100 ms, so that a 1 s blip is shorter than the probe
 * threshold, as the field's 1 s blip is shorter than 3 probes of 1 s. A send counts as
 * dropped after the printer stayed idle with its counter unmoved for 2 s.
 */
@OrchestratorTest
@TestPropertySource(properties = { "eventops.print.confirm-timeout=400ms", "eventops.print.down-after-failures=20",
		"eventops.print.drop-settle-time=2s" })
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
	void aPrinterThatSwallowsEveryFormatIsTakenOutAndTheBadgePrintsOnAnotherOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter swallower = this.floor.start("swallower", Duration.ofMillis(50));
		String swallowerId = this.floor.register(swallower, pool);
		swallower.swallowEvery();
		BadgeJob job = this.floor.jobs(pool, 1).get(0);
		eventually().until(() -> !swallower.droppedLabels().isEmpty());
		VirtualPrinter backup = this.floor.start("backup", Duration.ofMillis(50));
		String backupId = this.floor.register(backup, pool);

		this.floor.awaitState(swallowerId, "DOWN");
		this.floor.awaitAllPrinted(List.of(job));
		this.floor.assertEachPrintedOnce(List.of(job), swallower, backup);
		assertThat(row(job).printerId()).isEqualTo(backupId);
		assertThat(row(job).possibleDuplicate()).as("the counter proved every earlier send dropped").isFalse();
		assertThat(swallower.droppedLabels()).as("sends the swallower dropped").hasSize(3);
	}

	@Test
	void aFormatThePrinterIsStillParsingIsNotTakenForDroppedAndComesOutOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("parsing", Duration.ofMillis(200));
		this.floor.register(printer, pool);
		// a large ^GF: idle in ~HS and the counter unmoved for a second after the send
		printer.parseNextSlowly(Duration.ofSeconds(1));

		BadgeJob job = this.floor.jobs(pool, 1).get(0);

		this.floor.awaitAllPrinted(List.of(job));
		this.floor.assertEachPrintedOnce(List.of(job), printer);
		assertThat(row(job).attempts()).as("sent once").isOne();
		assertThat(row(job).possibleDuplicate()).isFalse();
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

	@Test
	void aConfirmationTheLedgerCannotRecordLeavesNoCompletionMarkerAndIsSettledAgainByTheCounter() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("refused", Duration.ofMillis(100));
		this.floor.register(printer, pool);
		// PostgreSQL refuses this job's PRINTED update (as during a failover of the
		// database) until the refusal is lifted
		this.jdbc.execute("CREATE TABLE IF NOT EXISTS printing.test_refused_jobs (job_id uuid PRIMARY KEY)");
		this.jdbc.execute("""
				CREATE OR REPLACE FUNCTION printing.test_refuse_printed() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN
					IF NEW.state = 'PRINTED' AND EXISTS (SELECT 1 FROM printing.test_refused_jobs r
							WHERE r.job_id = NEW.job_id) THEN
						RAISE EXCEPTION 'PRINTED refused for this test';
					END IF;
					RETURN NEW;
				END $$""");
		this.jdbc.execute("CREATE OR REPLACE TRIGGER test_refuse_printed BEFORE UPDATE ON printing.print_jobs"
				+ " FOR EACH ROW EXECUTE FUNCTION printing.test_refuse_printed()");
		try {
			this.floor.http().postJson("/admin/v1/dispatch/pause", HttpTestClient.ops(), Map.of("ttlSeconds", 60));
			BadgeJob job = this.floor.jobs(pool, 1).get(0);
			this.jdbc.update("INSERT INTO printing.test_refused_jobs (job_id) VALUES (?)", job.jobId());
			this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
			eventually().until(() -> PrintFloor.labelsOf(job, printer) == 1);

			// the label is out and the ledger could not record it: no marker may stand
			// for it (invariant 8: ledger first, then the marker)
			await().during(Duration.ofMillis(500))
				.atMost(Duration.ofSeconds(5))
				.until(() -> !Boolean.TRUE.equals(this.redis.hasKey(this.keys.done(job.jobId().toString()))));
			assertThat(state(job)).isNotEqualTo("PRINTED");
			this.jdbc.update("DELETE FROM printing.test_refused_jobs WHERE job_id = ?", job.jobId());

			this.floor.awaitAllPrinted(List.of(job));
			assertThat(PrintFloor.labelsOf(job, printer)).isOne();
			assertThat(row(job).attempts()).isOne();
			assertThat(this.redis.hasKey(this.keys.done(job.jobId().toString()))).isTrue();
		}
		finally {
			this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
			this.jdbc.execute("DROP TRIGGER IF EXISTS test_refuse_printed ON printing.print_jobs");
		}
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
