package io.eventops.drills.chaos;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.stack.RunIds;
import io.eventops.localstack.RunningSuite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code drills chaos}: starts a fresh suite, runs the seeded fault scenario, stops the
 * suite, writes the results; exit 1 when an invariant broke.
 */
@Command(name = "chaos", mixinStandardHelpOptions = true,
		description = "Fault drill: outages, lost/duplicated/reordered batches, kill -9, Redis flush, "
				+ "PostgreSQL restart, printer death, blip and paper out; then every invariant.")
public final class ChaosCommand implements Callable<Integer> {

	@Option(names = "--seed", defaultValue = "7")
	long seed;

	@Option(names = "--smoke", description = "The short CI scenario (kill -9 reconciler, Redis flush, printer death).")
	boolean smoke;

	@Option(names = "--policy", defaultValue = "false",
			description = "Runs the scenario under the herd's access-control policy of three areas (issue #36):"
					+ " kiosks one area each admit and record exits through the faults, and the invariants add"
					+ " every area's occupancy against its movements.")
	boolean policy;

	@Option(names = "--home", defaultValue = ".", description = "The repository root (built service jars).")
	Path home;

	@Option(names = "--results", defaultValue = "results")
	Path results;

	@Override
	public Integer call() throws Exception {
		ChaosPlan plan = this.smoke ? ChaosPlan.smoke(this.seed) : ChaosPlan.full(this.seed);
		String runId = RunIds.next();
		Path dir = this.results.resolve("chaos-" + runId).toAbsolutePath();
		Path work = Files.createDirectories(dir.resolve("work"));
		ChaosDrill drill;
		ChaosSummary summary;
		try (RunningSuite suite = DrillStack.start(this.home, work.resolve("stack"), Duration.ofMillis(60), 2, null,
				DrillStack.fastLabels(), Map.of())) {
			drill = new ChaosDrill(suite, plan, Files.createDirectories(work.resolve("kiosks")), runId);
			if (this.policy) {
				drill = drill.withPolicy();
			}
			summary = drill.run();
		}
		System.out.println(ChaosReport.write(dir, summary, drill.timings()));
		System.out.println("results: " + dir);
		return summary.passed() ? 0 : 1;
	}

}
