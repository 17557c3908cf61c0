package io.eventops.drills;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.eventops.drills.check.Check;
import io.eventops.drills.rollout.RolloutDrill;
import io.eventops.drills.rollout.RolloutPlan;
import io.eventops.drills.rollout.RolloutReport;
import io.eventops.drills.rollout.RolloutSummary;
import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.stack.RunIds;
import io.eventops.localstack.RunningSuite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CI rollout ({@code drills rollout --smoke}): two JVMs of every service behind
 * HAProxy, each replica restarted as Kubernetes rolls a Deployment and one of each killed
 * with {@code kill -9}, under a herd and live check-ins; every invariant must hold, and
 * every restart and kill must have gone as planned. Timings are printed, never asserted.
 */
class RolloutSmokeTests {

	@TempDir
	Path work;

	@Test
	void everyReplicaRestartedAndOneOfEachKilledKeepsEveryInvariant() throws Exception {
		RolloutPlan plan = RolloutPlan.smoke(11);
		long start = System.nanoTime();
		RolloutDrill drill;
		RolloutSummary summary;
		try (RunningSuite suite = DrillStack.start(Path.of(System.getProperty("drills.home", "..")),
				this.work.resolve("stack"), Duration.ofMillis(60), 2, null, DrillStack.fastLabels(), Map.of(),
				RolloutDrill.replicas(plan))) {
			drill = new RolloutDrill(suite, plan, this.work.resolve("kiosks"), RunIds.next());
			summary = drill.run();
		}
		System.out.println(RolloutReport.write(this.work.resolve("results"), summary, drill.timings()));
		System.out.printf("rollout smoke: %.1f s with the suite's start and stop%n", (System.nanoTime() - start) / 1e9);
		// the herd and steady windows, every replica restarted, one of each service
		// killed
		assertThat(summary.steps()).hasSize(2 + 3 * plan.replicas() + 3);
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

}
