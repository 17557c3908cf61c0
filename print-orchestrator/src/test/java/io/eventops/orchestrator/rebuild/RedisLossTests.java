package io.eventops.orchestrator.rebuild;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloor;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis loses everything mid-run: the dispatch plane is rebuilt from the print ledger.
 */
@OrchestratorTest
class RedisLossTests extends PrintFloorTest {

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
