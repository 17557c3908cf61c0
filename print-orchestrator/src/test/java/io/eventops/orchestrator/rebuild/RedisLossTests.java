package io.eventops.orchestrator.rebuild;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloor;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.orchestrator.queue.PrintQueues;
import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis loses everything mid-run: the dispatch plane is rebuilt from the print ledger.
 */
@OrchestratorTest
class RedisLossTests extends PrintFloorTest {

	@Autowired
	private PrintQueues queues;

	// the sweeper's rebuild: only what Redis does not hold (queued or in flight) goes
	// back, in the ledger's order, and a second run restores nothing
	@Test
	void restoringAQueueAppendsOnlyTheMissingJobsInOrder() {
		String printerId = TestData.unique("restore");
		List<UUID> jobs = Stream.generate(UUID::randomUUID).limit(2500).toList();
		this.queues.push(printerId, jobs.get(3));
		this.queues.push(printerId, jobs.get(0));
		assertThat(this.queues.takeNext(printerId)).isEqualTo(jobs.get(3));
		this.queues.push(printerId, jobs.get(2400));

		assertThat(this.queues.restoreQueued(printerId, jobs)).isEqualTo(2497);
		assertThat(this.queues.restoreQueued(printerId, jobs)).isZero();

		assertThat(this.queues.inflight(printerId)).isEqualTo(jobs.get(3));
		List<UUID> expected = new ArrayList<>(List.of(jobs.get(0), jobs.get(2400)));
		jobs.stream().filter((job) -> !expected.contains(job) && !job.equals(jobs.get(3))).forEach(expected::add);
		assertThat(this.queues.drain(printerId)).containsExactlyElementsOf(expected);
	}

	@Test
	void flushedRedisIsRebuiltFromTheLedgerWithNothingLostOrDuplicated() {
		String pool = TestData.unique("hall");
		VirtualPrinter first = this.floor.start("first", Duration.ofMillis(100));
		VirtualPrinter second = this.floor.start("second", Duration.ofMillis(100));
		this.floor.register(first, pool);
		this.floor.register(second, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 30);
		eventually().until(() -> PrintFloor.labels(first, second).size() >= 5);

		Set<String> namespace = this.redis.keys(this.keys.prefix() + "*");
		assertThat(namespace).isNotEmpty();
		this.redis.delete(namespace);

		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, first, second);
	}

}
