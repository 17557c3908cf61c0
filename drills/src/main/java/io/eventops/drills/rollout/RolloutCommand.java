package io.eventops.drills.rollout;

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
 * {@code drills rollout}: starts a fresh suite with several replicas of every service
 * behind HAProxy, rolls every replica and kills one of each while a herd and live
 * check-ins run, stops the suite, writes the results; exit 1 when an invariant broke.
 */
@Command(name = "rollout", mixinStandardHelpOptions = true,
		description = "Rolling restart of every replica of every service (out of rotation, SIGTERM, drain, new JVM,"
				+ " ready) and a kill -9 of one replica of each, under a herd and live check-ins; then every"
				+ " invariant and a table of each restart.")
public final class RolloutCommand implements Callable<Integer> {

	@Option(names = "--seed", defaultValue = "11")
	long seed;

	@Option(names = "--replicas", defaultValue = "2", description = "JVMs of every service (2 or more).")
	int replicas;

	@Option(names = "--smoke", description = "The short CI run: 2 replicas, fewer kiosks, the services rolled at once.")
	boolean smoke;

	@Option(names = "--live-kiosks",
			description = "Online kiosks of the live lane, each checking in about every 2 s and printing on an idle"
					+ " printer of its own (default: 20, with --smoke 2; 0 for none).")
	Integer liveKiosks;

	@Option(names = "--home", defaultValue = ".", description = "The repository root (built service jars).")
	Path home;

	@Option(names = "--results", defaultValue = "results")
	Path results;

	@Override
	public Integer call() throws Exception {
		RolloutPlan plan = this.smoke ? RolloutPlan.smoke(this.seed) : RolloutPlan.full(this.seed, this.replicas);
		if (this.liveKiosks != null) {
			plan = plan.withLiveKiosks(this.liveKiosks);
		}
		String runId = RunIds.next();
		Path dir = this.results.resolve("rollout-" + runId).toAbsolutePath();
		Path work = Files.createDirectories(dir.resolve("work"));
		RolloutDrill drill;
		RolloutSummary summary;
		long start = System.nanoTime();
		try (RunningSuite suite = DrillStack.start(this.home, work.resolve("stack"), Duration.ofMillis(60), 2, null,
				DrillStack.fastLabels(), Map.of(), RolloutDrill.replicas(plan))) {
			System.out.printf("suite of %d JVMs started in %.1f s%n", 3 * plan.replicas(),
					(System.nanoTime() - start) / 1e9);
			drill = new RolloutDrill(suite, plan, Files.createDirectories(work.resolve("kiosks")), runId);
			summary = drill.run();
		}
		System.out.println(RolloutReport.write(dir, summary, drill.timings()));
		System.out.printf("results: %s (%.1f s with the suite's start and stop)%n", dir,
				(System.nanoTime() - start) / 1e9);
		return summary.passed() ? 0 : 1;
	}

}
