package io.eventops.orchestrator.evidence;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;

import org.springframework.beans.factory.annotation.Autowired;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The dispatch pause lives in PostgreSQL: a Redis wipe does not resume printing, the
 * Redis copy comes back, and the gauge SRE alerts page on reads it.
 */
@OrchestratorTest
class DispatchPauseTests extends PrintFloorTest {

	@Autowired
	private MeterRegistry meters;

	@AfterEach
	void resumeDispatch() {
		this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());
	}

	@Test
	void pauseSurvivesARedisWipeAndPrintingResumesOnlyWhenOpsResume() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("paused", Duration.ofMillis(50));
		this.floor.register(printer, pool);
		assertThat(pausedGauge()).isZero();
		HttpTestClient.Response paused = this.floor.http()
			.postJson("/admin/v1/dispatch/pause", HttpTestClient.ops(), Map.of("ttlSeconds", 120));
		assertThat(paused.status()).isEqualTo(200);
		assertThat(pausedGauge()).isOne();

		// Redis loses everything of this orchestrator, the pause's copy included
		Set<String> namespace = this.redis.keys(this.keys.prefix() + "*");
		this.redis.delete(namespace);
		assertThat(this.redis.hasKey(this.keys.dispatchPaused())).isFalse();
		List<BadgeJob> jobs = this.floor.jobs(pool, 3);

		eventually().until(() -> this.floor.countInState(jobs, "QUEUED") == jobs.size());
		await().during(Duration.ofMillis(800))
			.atMost(Duration.ofSeconds(5))
			.until(() -> printer.printedLabels().isEmpty());
		assertThat(pausedGauge()).isOne();
		assertThat(this.floor.http().get("/admin/v1/dispatch", HttpTestClient.ops()).body().get("paused").asBoolean())
			.isTrue();
		// the copy runbooks read is rebuilt from PostgreSQL, with the TTL left
		eventually().until(() -> Boolean.TRUE.equals(this.redis.hasKey(this.keys.dispatchPaused())));
		assertThat(this.redis.getExpire(this.keys.dispatchPaused())).isBetween(1L, 120L);

		this.floor.http().post("/admin/v1/dispatch/resume", HttpTestClient.ops());

		assertThat(pausedGauge()).isZero();
		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, printer);
	}

	@Test
	void aPauseEndsByItselfWhenItsTtlRunsOut() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("ttl", Duration.ofMillis(50));
		this.floor.register(printer, pool);
		this.floor.http().postJson("/admin/v1/dispatch/pause", HttpTestClient.ops(), Map.of("ttlSeconds", 1));
		List<BadgeJob> jobs = this.floor.jobs(pool, 2);

		this.floor.awaitAllPrinted(jobs);

		assertThat(pausedGauge()).isZero();
		this.floor.assertEachPrintedOnce(jobs, printer);
	}

	private double pausedGauge() {
		return this.meters.get("eventops.print.dispatch.paused").gauge().value();
	}

}
