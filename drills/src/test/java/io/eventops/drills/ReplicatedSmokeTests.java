package io.eventops.drills;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.eventops.drills.herd.HerdDrill;
import io.eventops.drills.herd.HerdReport;
import io.eventops.drills.herd.HerdSummary;
import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.stack.RunIds;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CI smoke of the topology production runs: two JVMs of every service behind HAProxy
 * (the edge reaching the reconcilers through it), a small herd that keeps every
 * invariant, then one replica of each service killed with {@code kill -9} and a second
 * herd that keeps every invariant on the survivors. Timings are printed, never asserted.
 */
class ReplicatedSmokeTests {

	@TempDir
	Path work;

	@Test
	void twoReplicasOfEveryServiceKeepEveryInvariantAlsoWhenOneOfEachDies() throws Exception {
		Map<String, Integer> two = Map.of(SuiteOptions.RECONCILER, 2, SuiteOptions.ORCHESTRATOR, 2, SuiteOptions.EDGE,
				2);
		try (RunningSuite suite = DrillStack.start(Path.of(System.getProperty("drills.home", "..")),
				this.work.resolve("stack"), Duration.ofMillis(100), 2, null, DrillStack.fastLabels(), Map.of(), two)) {
			assertThat(suite.replicas(SuiteOptions.RECONCILER)).hasSize(2);
			assertThat(suite.replicas(SuiteOptions.EDGE)).hasSize(2);
			assertThat(suite.replicas(SuiteOptions.ORCHESTRATOR)).hasSize(2);
			herdKeepsEveryInvariant(suite, "herd-1");
			for (String module : new String[] { SuiteOptions.EDGE, SuiteOptions.RECONCILER,
					SuiteOptions.ORCHESTRATOR }) {
				suite.replicas(module).get(1).kill();
			}
			herdKeepsEveryInvariant(suite, "herd-2");
		}
	}

	private void herdKeepsEveryInvariant(RunningSuite suite, String name) throws Exception {
		HerdDrill drill = HerdDrill.of(suite, 4, 30, 200, this.work.resolve(name + "-kiosks"), RunIds.next())
			.withoutLiveKiosks();
		HerdSummary summary = drill.run();
		System.out.println(HerdReport.write(this.work.resolve(name + "-results"), summary, drill.timings()));
		assertThat(summary.checks()).isNotEmpty()
			.allSatisfy((check) -> assertThat(check.passed())
				.as(name + " " + check.name() + ": expected " + check.expected() + ", got " + check.actual())
				.isTrue());
	}

}
