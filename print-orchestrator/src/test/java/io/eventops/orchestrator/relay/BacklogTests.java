package io.eventops.orchestrator.relay;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalManagementPort;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A backlog larger than the printers' queues: each printer is given at most
 * {@code max-queued-per-printer} jobs (20 by default) while the rest waits in the
 * reconciler's outbox, not taken into the ledger, and counted by
 * {@code eventops_print_jobs_pending}; the queues are topped up as the printers print,
 * and every job is printed once.
 */
@OrchestratorTest
class BacklogTests extends PrintFloorTest {

	@LocalManagementPort
	private int managementPort;

	private static final int MAX_QUEUED = 20;

	@Test
	void aBacklogWaitsInTheOutboxAndEachPrinterHoldsAtMostItsShare() {
		String pool = TestData.unique("hall");
		VirtualPrinter left = this.floor.start("left", Duration.ofMillis(40));
		VirtualPrinter right = this.floor.start("right", Duration.ofMillis(40));
		this.floor.register(left, pool);
		this.floor.register(right, pool);
		Map<String, AtomicLong> mostHeld = new ConcurrentHashMap<>();
		AtomicLong mostWaiting = new AtomicLong();
		AtomicLong mostUnprintedInLedger = new AtomicLong();
		AtomicLong mostWaitingInGauge = new AtomicLong();

		List<BadgeJob> jobs = this.floor.jobs(pool, 100);

		eventually().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
			held(jobs).forEach((printer, count) -> mostHeld.computeIfAbsent(printer, (p) -> new AtomicLong())
				.accumulateAndGet(count, Math::max));
			mostWaiting.accumulateAndGet(this.floor.countInState(jobs, "PENDING") + untaken(jobs), Math::max);
			mostUnprintedInLedger.accumulateAndGet(unprintedInLedger(jobs), Math::max);
			if (mostWaitingInGauge.get() == 0) {
				mostWaitingInGauge.set(pendingGauge());
			}
			return this.floor.countInState(jobs, "PRINTED") == jobs.size();
		});

		this.floor.assertEachPrintedOnce(jobs, left, right);
		assertThat(mostHeld).hasSize(2);
		assertThat(mostHeld.values()).allSatisfy((most) -> assertThat(most.get()).isLessThanOrEqualTo(MAX_QUEUED));
		assertThat(mostWaiting.get()).as("jobs waiting for room while the queues were full")
			.isGreaterThanOrEqualTo(100 - 2 * MAX_QUEUED - 10);
		// taken from the outbox only as the printers had room: copying the whole backlog
		// into the ledger at once would show 100 here
		assertThat(mostUnprintedInLedger.get()).as("unprinted jobs in the ledger at any time")
			.isLessThanOrEqualTo(2 * MAX_QUEUED);
		assertThat(mostWaitingInGauge.get()).isPositive();
	}

	// jobs a printer holds: on its queue or being printed, per the ledger (placement
	// writes the ledger before the queue)
	private Map<String, Long> held(List<BadgeJob> jobs) {
		Map<String, Long> held = new ConcurrentHashMap<>();
		this.jdbc.query("""
				SELECT printer_id, count(*) FROM printing.print_jobs
				WHERE job_id = ANY(?) AND state IN ('QUEUED', 'PRINTING') GROUP BY printer_id""", (rs) -> {
			held.put(rs.getString(1), rs.getLong(2));
		}, (Object) jobs.stream().map(BadgeJob::jobId).toArray(UUID[]::new));
		return held;
	}

	private long untaken(List<BadgeJob> jobs) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_job_relay WHERE job_id = ANY(?)",
				Long.class, (Object) jobs.stream().map(BadgeJob::jobId).toArray(UUID[]::new));
	}

	private long unprintedInLedger(List<BadgeJob> jobs) {
		return this.jdbc.queryForObject(
				"SELECT count(*) FROM printing.print_jobs WHERE job_id = ANY(?) AND state <> 'PRINTED'", Long.class,
				(Object) jobs.stream().map(BadgeJob::jobId).toArray(UUID[]::new));
	}

	private long pendingGauge() {
		// metrics are served on the management port only (contract)
		return new HttpTestClient(this.managementPort).text("/actuator/prometheus")
			.lines()
			.filter((line) -> line.startsWith("eventops_print_jobs_pending ")
					|| line.startsWith("eventops_print_jobs_pending{"))
			.mapToLong((line) -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no eventops_print_jobs_pending gauge"));
	}

}
