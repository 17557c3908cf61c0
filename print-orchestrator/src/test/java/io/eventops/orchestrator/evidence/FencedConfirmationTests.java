package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloor;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failover's {@code ~JA} reaching a format the printer has not printed yet, while its
 * confirmation runs: the confirmation no longer counts once the job moved (invariant 8's
 * fence), the ledger is written before the completion marker, so the moved copy prints on
 * the backup, exactly once.
 */
@OrchestratorTest
class FencedConfirmationTests extends PrintFloorTest {

	@Test
	void cancelAllOfAFailoverDuringAHostStatusConfirmationNeitherConfirmsNorLosesTheBadge() {
		String pool = TestData.unique("hall");
		// no label counter: ~HS busy-then-idle is all it can show, and a dropped format
		// looks exactly like a printed one
		VirtualPrinter older = this.floor.startWithoutCounter("older", Duration.ofMillis(100));
		String olderId = this.floor.register(older, pool);
		older.jam();
		BadgeJob job = this.floor.jobs(pool, 1).get(0);
		eventually().until(() -> older.state().jammed() && "PRINTING".equals(state(job)));
		VirtualPrinter backup = this.floor.start("backup", Duration.ofMillis(50));
		String backupId = this.floor.register(backup, pool);

		long started = System.nanoTime();
		HttpTestClient.Response failover = this.floor.http()
			.postJson("/admin/v1/printers/" + olderId + "/failover", HttpTestClient.ops(),
					Map.of("backupPrinterId", backupId));

		assertThat(failover.status()).as(failover.toString()).isEqualTo(200);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the confirmation gave the print lock up")
			.isLessThan(Duration.ofSeconds(5));
		this.floor.awaitAllPrinted(List.of(job));
		// the ~JA dropped the jammed format: the older printer is idle, its label never
		// came out, and the badge came out once, on the backup
		eventually().until(() -> older.state().formatsInBuffer() == 0);
		assertThat(PrintFloor.labelsOf(job, older)).isZero();
		assertThat(PrintFloor.labelsOf(job, backup)).isOne();
		assertThat(this.floor.ledger(List.of(job)).get(job.jobId()).printerId()).isEqualTo(backupId);
		assertThat(this.floor.confirmedBy(job)).isEqualTo("LABEL_COUNTER");
	}

	@Test
	void confirmationOfAJobMovedMeanwhileDoesNotCountAndLeavesNoCompletionMarker() {
		String pool = TestData.unique("hall");
		VirtualPrinter slow = this.floor.start("slow", Duration.ofSeconds(2));
		String slowId = this.floor.register(slow, pool);
		BadgeJob job = this.floor.jobs(pool, 1).get(0);
		eventually().until(() -> slow.state().labelsRemaining() == 1 && "PRINTING".equals(state(job)));
		// the backup takes longer than the slow printer's label in progress
		VirtualPrinter backup = this.floor.start("backup", Duration.ofSeconds(3));
		String backupId = this.floor.register(backup, pool);

		HttpTestClient.Response failover = this.floor.http()
			.postJson("/admin/v1/printers/" + slowId + "/failover", HttpTestClient.ops(),
					Map.of("backupPrinterId", backupId));
		assertThat(failover.status()).isEqualTo(200);

		// the label in progress finishes on the slow printer (~JA does not stop it) but
		// its confirmation no longer counts: no completion marker, not PRINTED, while
		// the backup prints the moved copy
		eventually().until(() -> PrintFloor.labelsOf(job, slow) == 1);
		assertThat(PrintFloor.labelsOf(job, backup)).isZero();
		assertThat(this.redis.hasKey(this.keys.done(job.jobId().toString()))).isFalse();
		assertThat(state(job)).isNotEqualTo("PRINTED");
		this.floor.awaitAllPrinted(List.of(job));
		assertThat(PrintFloor.labelsOf(job, backup)).isOne();
		assertThat(this.floor.ledger(List.of(job)).get(job.jobId()).printerId()).isEqualTo(backupId);
		assertThat(this.floor.ledger(List.of(job)).get(job.jobId()).possibleDuplicate()).isTrue();
		assertThat(this.redis.opsForValue().get(this.keys.done(job.jobId().toString()))).isEqualTo(backupId);
	}

	// null until the relay took the job into the ledger
	private String state(BadgeJob job) {
		PrintFloor.LedgerRow row = this.floor.ledger(List.of(job)).get(job.jobId());
		return (row != null) ? row.state() : null;
	}

}
