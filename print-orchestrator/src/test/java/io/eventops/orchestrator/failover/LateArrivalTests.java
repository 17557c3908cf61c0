package io.eventops.orchestrator.failover;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.queue.PrintQueues;
import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job that reaches the failed printer while its failover runs (invariant 9: the
 * failover is complete only when the dead printer's depth is 0). A relay pass that placed
 * a job on the printer just before it went out commits its ledger row after the failover
 * read the ledger and pushes the job to Redis after the failover drained the queue. The
 * ledger seam below replays that interleaving deterministically; PostgreSQL, Redis and
 * the printers are real.
 */
@OrchestratorTest
@TestPropertySource(properties = "eventops.print.rebuild-grace=10m")
class LateArrivalTests extends PrintFloorTest {

	@Autowired
	private RacingLedger ledger;

	@Autowired
	private PrintQueues queues;

	@Test
	void aJobPushedToTheDeadPrinterDuringItsFailoverMovesTooAndTheFailoverEndsAtDepthZero() {
		String pool = TestData.unique("hall");
		VirtualPrinter primary = this.floor.start("primary", Duration.ofSeconds(30));
		String primaryId = this.floor.register(primary, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 4);
		eventually().until(
				() -> this.floor.countInState(jobs, "PRINTING") == 1 && this.floor.countInState(jobs, "QUEUED") == 3);
		UUID late = jobs.stream()
			.map(BadgeJob::jobId)
			.filter((id) -> "QUEUED".equals(this.floor.ledger(jobs).get(id).state()))
			.reduce((first, second) -> second)
			.orElseThrow();
		// its push has not landed yet, nor is its ledger row visible to the failover's
		// read
		this.redis.opsForList().remove(this.keys.queue(primaryId), 0, late.toString());
		this.ledger.arrive(primaryId, late, () -> this.queues.push(primaryId, late));
		VirtualPrinter backup = this.floor.start("backup", Duration.ofMillis(50));
		String backupId = this.floor.register(backup, pool);

		HttpTestClient.Response failover = this.floor.http()
			.postJson("/admin/v1/printers/" + primaryId + "/failover", HttpTestClient.ops(),
					Map.of("backupPrinterId", backupId));

		assertThat(this.ledger.arrived()).isTrue();
		assertThat(failover.status()).isEqualTo(200);
		assertThat(failover.body().get("deadDepth").asLong()).isZero();
		assertThat(failover.body().get("moved").valueStream().map(JsonNode::asString)).contains(late.toString())
			.hasSize(4);
		assertThat(this.queues.depth(primaryId)).isZero();
		this.floor.awaitAllPrinted(jobs);
		// ~JA lets the label in progress on the primary finish, as in a real failover
		primary.clear();
		this.floor.assertEachPrintedOnce(jobs, primary, backup);
		assertThat(this.floor.ledger(jobs).get(late).printerId()).isEqualTo(backupId);
	}

	/**
	 * The print ledger, with a one-shot interleaving: the next read of a printer's open
	 * jobs does not yet see one job, and that job's Redis push lands right after.
	 */
	static class RacingLedger extends PrintLedger {

		private String printerId;

		private UUID hidden;

		private Runnable push;

		private volatile boolean arrived;

		RacingLedger(JdbcTemplate jdbc) {
			super(jdbc);
		}

		synchronized void arrive(String printerId, UUID jobId, Runnable push) {
			this.printerId = printerId;
			this.hidden = jobId;
			this.push = push;
		}

		boolean arrived() {
			return this.arrived;
		}

		@Override
		public List<UUID> openOn(String printerId) {
			List<UUID> open = super.openOn(printerId);
			Runnable landing;
			UUID late;
			synchronized (this) {
				if (!printerId.equals(this.printerId) || this.push == null) {
					return open;
				}
				landing = this.push;
				late = this.hidden;
				this.push = null;
			}
			landing.run();
			this.arrived = true;
			return open.stream().filter((id) -> !id.equals(late)).toList();
		}

	}

	@TestConfiguration
	static class Seam {

		@Bean
		@Primary
		RacingLedger racingLedger(JdbcTemplate jdbc) {
			return new RacingLedger(jdbc);
		}

	}

}
