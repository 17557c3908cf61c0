package io.eventops.drills;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.eventops.drills.check.Check;
import io.eventops.drills.herd.HerdDrill;
import io.eventops.drills.herd.HerdReport;
import io.eventops.drills.herd.HerdSummary;
import io.eventops.drills.rollout.RolloutDrill;
import io.eventops.drills.rollout.RolloutPlan;
import io.eventops.drills.rollout.RolloutReport;
import io.eventops.drills.rollout.RolloutSummary;
import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.stack.RunIds;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CI smokes of the topology production runs, on one suite of two JVMs of every
 * service behind HAProxy (the edge reaching the reconcilers through it): first the
 * rollout ({@code drills rollout --smoke}: each replica restarted as Kubernetes rolls a
 * Deployment and one of each killed with {@code kill -9} and started again, under a herd
 * and live check-ins), then a small herd, one replica of each service killed for good and
 * a second herd on the survivors. Every invariant must hold after each. Timings are
 * printed, never asserted. One suite for both because starting six service JVMs behind
 * HAProxy is most of either smoke's time on two cores (issue #40); the rollout leaves
 * every replica running, so the second test starts from the same topology as on a fresh
 * suite.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicatedSmokeTests {

	@TempDir
	static Path work;

	static final RolloutPlan PLAN = RolloutPlan.smoke(11);

	static RunningSuite suite;

	@BeforeAll
	static void startSuite() throws Exception {
		suite = DrillStack.start(Path.of(System.getProperty("drills.home", "..")), work.resolve("stack"),
				Duration.ofMillis(60), 2, null, DrillStack.fastLabels(), Map.of(), RolloutDrill.replicas(PLAN));
	}

	@AfterAll
	static void stopSuite() {
		if (suite != null) {
			suite.close();
		}
	}

	@Test
	@Order(1)
	void everyReplicaRestartedAndOneOfEachKilledKeepsEveryInvariant() throws Exception {
		long start = System.nanoTime();
		RolloutDrill drill = new RolloutDrill(suite, PLAN, work.resolve("rollout-kiosks"), RunIds.next());
		RolloutSummary summary = drill.run();
		System.out.println(RolloutReport.write(work.resolve("rollout-results"), summary, drill.timings()));
		System.out.printf("rollout smoke: %.1f s%n", (System.nanoTime() - start) / 1e9);
		// the herd and steady windows, every replica restarted, one of each service
		// killed
		assertThat(summary.steps()).hasSize(2 + 3 * PLAN.replicas() + 3);
		assertThat(summary.steps().stream().filter((step) -> step.action().equals("kill -9"))).hasSize(3);
		// the live lane ran on the idle suite and through the rollout (its invariants,
		// every check-in applied and its format sent, are among the checks)
		assertThat(summary.live()).isNotNull();
		assertThat(summary.live().idle().checkIns()).isPositive();
		assertThat(summary.live().rollout().checkIns()).isPositive();
		assertThat(summary.checks()).extracting(Check::name).anyMatch((name) -> name.startsWith("every live check-in"));
		assertThat(summary.checks()).isNotEmpty()
			.allSatisfy((check) -> assertThat(check.passed())
				.as(check.name() + ": expected " + check.expected() + ", got " + check.actual())
				.isTrue());
	}

	@Test
	@Order(2)
	void twoReplicasOfEveryServiceKeepEveryInvariantAlsoWhenOneOfEachDies() throws Exception {
		assertThat(suite.replicas(SuiteOptions.RECONCILER)).hasSize(2);
		assertThat(suite.replicas(SuiteOptions.EDGE)).hasSize(2);
		assertThat(suite.replicas(SuiteOptions.ORCHESTRATOR)).hasSize(2);
		herdKeepsEveryInvariant("herd-1");
		for (String module : new String[] { SuiteOptions.EDGE, SuiteOptions.RECONCILER, SuiteOptions.ORCHESTRATOR }) {
			suite.replicas(module).get(1).kill();
		}
		herdKeepsEveryInvariant("herd-2");
	}

	private static void herdKeepsEveryInvariant(String name) throws Exception {
		HerdDrill drill = HerdDrill.of(suite, 4, 30, 200, work.resolve(name + "-kiosks"), RunIds.next())
			.withoutLiveKiosks();
		HerdSummary summary = drill.run();
		System.out.println(HerdReport.write(work.resolve(name + "-results"), summary, drill.timings()));
		assertThat(summary.checks()).isNotEmpty()
			.allSatisfy((check) -> assertThat(check.passed())
				.as(name + " " + check.name() + ": expected " + check.expected() + ", got " + check.actual())
				.isTrue());
	}

}
