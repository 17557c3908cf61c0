package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
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
import static org.awaitility.Awaitility.await;

/**
 * A reprint with a new credential withdraws the old credential's job if it has not
 * printed yet, so a revoked badge never comes out.
 */
@OrchestratorTest
class ReprintTests extends PrintFloorTest {

	private String pool;

	private VirtualPrinter printer;

	@BeforeEach
	void printerInAPoolOfItsOwn() {
		this.pool = TestData.unique("hall");
		this.printer = this.floor.start("reprint", Duration.ofMillis(50));
		this.floor.register(this.printer, this.pool);
	}

	@AfterEach
	void resumeDispatch() {
		this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
	}

	@Test
	void reprintWithdrawsTheQueuedJobOfTheRevokedCredential() {
		BadgeJob revoked = queuedWhilePaused();

		BadgeJob reprint = TestData.reprint(this.jdbc, revoked, this.pool);

		eventually().until(() -> "WITHDRAWN".equals(state(revoked)));
		resumeDispatch();
		this.floor.awaitAllPrinted(List.of(reprint));
		await().during(Duration.ofMillis(500))
			.atMost(Duration.ofSeconds(5))
			.until(() -> PrintFloor.labelsOf(revoked, this.printer) == 0);
		assertThat(PrintFloor.labels(this.printer)).singleElement()
			.satisfies((label) -> assertThat(label.credentialVersion()).isEqualTo(2));
		assertThat(state(revoked)).isEqualTo("WITHDRAWN");
		assertThat(this.floor.http()
			.get("/admin/v1/print-jobs?attendeeId=" + revoked.attendeeId(), HttpTestClient.ops())
			.body()
			.valueStream()
			.map((job) -> job.get("state").asString())
			.toList()).containsExactlyInAnyOrder("PRINTED", "WITHDRAWN");
	}

	@Test
	void jobOfARevokedCredentialIsWithdrawnAtDispatchWhileTheReprintStillWaitsInTheOutbox() {
		BadgeJob revoked = queuedWhilePaused();
		// the new job is not taken into the ledger yet (as when its pool's printers have
		// no room): only the reconciler's outbox knows of the new credential
		BadgeJob reprint = TestData.reprint(this.jdbc, revoked, TestData.unique("no-printers"));

		resumeDispatch();

		eventually().until(() -> "WITHDRAWN".equals(state(revoked)));
		assertThat(PrintFloor.labelsOf(revoked, this.printer)).isZero();
		assertThat(this.floor.ledger(List.of(reprint))).isEmpty();
	}

	@Test
	void jobLeftPrintingByADeadReplicaIsWithdrawnOnceItsOutcomeResolvesAndNeverSentAgain() {
		BadgeJob revoked = queuedWhilePaused();
		// a replica claimed it, read the label counter and died before its format came
		// out: the job is left PRINTING for the next agent
		this.jdbc.update("UPDATE printing.print_jobs SET state = 'PRINTING', attempts = 1, label_count_before = ?"
				+ " WHERE job_id = ?", this.printer.state().labelCount(), revoked.jobId());

		BadgeJob reprint = TestData.reprint(this.jdbc, revoked, this.pool);
		resumeDispatch();

		this.floor.awaitAllPrinted(List.of(reprint));
		eventually().until(() -> "WITHDRAWN".equals(state(revoked)));
		assertThat(PrintFloor.labelsOf(revoked, this.printer)).isZero();
		assertThat(PrintFloor.labels(this.printer)).singleElement()
			.satisfies((label) -> assertThat(label.credentialVersion()).isEqualTo(2));
	}

	@Test
	void reprintAfterTheBadgePrintedWithdrawsNothing() {
		BadgeJob first = this.floor.jobs(this.pool, 1).get(0);
		this.floor.awaitAllPrinted(List.of(first));

		BadgeJob reprint = TestData.reprint(this.jdbc, first, this.pool);

		this.floor.awaitAllPrinted(List.of(reprint));
		assertThat(state(first)).isEqualTo("PRINTED");
		assertThat(PrintFloor.labels(this.printer)).hasSize(2);
	}

	private void pause() {
		assertThat(this.floor.http()
			.postJson("/admin/v1/dispatch/pause", HttpTestClient.ops(), Map.of("ttlSeconds", 120))
			.status()).isEqualTo(200);
	}

	// dispatch paused, so that the job waits in its printer's queue
	private BadgeJob queuedWhilePaused() {
		pause();
		BadgeJob job = this.floor.jobs(this.pool, 1).get(0);
		eventually().until(() -> "QUEUED".equals(state(job)));
		return job;
	}

	private String state(BadgeJob job) {
		PrintFloor.LedgerRow row = this.floor.ledger(List.of(job)).get(job.jobId());
		return (row != null) ? row.state() : null;
	}

}
