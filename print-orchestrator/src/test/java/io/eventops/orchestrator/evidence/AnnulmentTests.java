package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

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
 * The badge of an annulled admission (#36) on a virtual printer over TCP: withdrawn if
 * its label has not been sent, wherever the job waits (the reconciler's outbox or a
 * printer's queue); a label already out stays PRINTED and is flagged
 * {@code annulledAfterPrint} so that ops collect it.
 */
@OrchestratorTest
class AnnulmentTests extends PrintFloorTest {

	private String pool;

	private VirtualPrinter printer;

	@BeforeEach
	void printerInAPoolOfItsOwn() {
		this.pool = TestData.unique("hall");
		this.printer = this.floor.start("annul", Duration.ofMillis(50));
	}

	@AfterEach
	void resumeDispatch() {
		this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
	}

	@Test
	void aQueuedJobOfAnAnnulledAdmissionIsWithdrawnAndNeverPrints() {
		this.floor.register(this.printer, this.pool);
		pause();
		List<BadgeJob> jobs = this.floor.jobs(this.pool, 2);
		eventually().until(() -> this.floor.countInState(jobs, "QUEUED") == 2);

		TestData.annul(this.jdbc, jobs.get(0));
		resumeDispatch();

		this.floor.awaitAllPrinted(List.of(jobs.get(1)));
		eventually().until(() -> "WITHDRAWN".equals(state(jobs.get(0))));
		await().during(Duration.ofMillis(500))
			.atMost(Duration.ofSeconds(5))
			.until(() -> PrintFloor.labelsOf(jobs.get(0), this.printer) == 0);
		assertThat(annulledAfterPrint(jobs.get(0))).isFalse();
		assertThat(annulledAfterPrint(jobs.get(1))).isFalse();
	}

	@Test
	void aJobAnnulledInTheOutboxIsWithdrawnWhenItIsRelayed() {
		List<BadgeJob> jobs = this.floor.jobs(this.pool, 2);
		TestData.annul(this.jdbc, jobs.get(0));
		// the pool gets its printer only now: the jobs leave the outbox
		this.floor.register(this.printer, this.pool);

		this.floor.awaitAllPrinted(List.of(jobs.get(1)));
		eventually().until(() -> "WITHDRAWN".equals(state(jobs.get(0))));
		assertThat(PrintFloor.labelsOf(jobs.get(0), this.printer)).isZero();
	}

	@Test
	void aPrintedBadgeOfAnAnnulledAdmissionStaysPrintedAndIsFlaggedForOps() {
		this.floor.register(this.printer, this.pool);
		List<BadgeJob> jobs = this.floor.jobs(this.pool, 2);
		this.floor.awaitAllPrinted(jobs);

		TestData.annul(this.jdbc, jobs.get(0));

		assertThat(state(jobs.get(0))).isEqualTo("PRINTED");
		assertThat(annulledAfterPrint(jobs.get(0))).isTrue();
		assertThat(annulledAfterPrint(jobs.get(1))).isFalse();
		JsonNode printed = this.floor.http().get("/admin/v1/print-jobs?state=PRINTED", HttpTestClient.ops()).body();
		assertThat(printed.valueStream()
			.filter((job) -> job.get("jobId").asString().equals(jobs.get(0).jobId().toString()))
			.map((job) -> job.get("annulledAfterPrint").asBoolean())
			.toList()).containsExactly(true);
		assertThat(PrintFloor.labelsOf(jobs.get(0), this.printer)).isEqualTo(1);
	}

	private boolean annulledAfterPrint(BadgeJob job) {
		JsonNode listed = this.floor.http()
			.get("/admin/v1/print-jobs?attendeeId=" + job.attendeeId(), HttpTestClient.ops())
			.body();
		assertThat(listed).hasSize(1);
		return listed.get(0).get("annulledAfterPrint").asBoolean();
	}

	private void pause() {
		assertThat(this.floor.http()
			.postJson("/admin/v1/dispatch/pause", HttpTestClient.ops(), Map.of("ttlSeconds", 120))
			.status()).isEqualTo(200);
	}

	private String state(BadgeJob job) {
		PrintFloor.LedgerRow row = this.floor.ledger(List.of(job)).get(job.jobId());
		return (row != null) ? row.state() : null;
	}

}
