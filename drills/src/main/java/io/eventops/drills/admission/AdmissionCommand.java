package io.eventops.drills.admission;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import io.eventops.drills.report.ResultFiles;
import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.stack.RunIds;
import io.eventops.localstack.RunningSuite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code drills admission}: starts a fresh suite, measures the online admission check,
 * and how soon a policy change reaches a fleet of kiosks, stops the suite, writes the
 * results; exit 1 when a question got no decision or a kiosk no policy, 2 when a target
 * was missed.
 */
@Command(name = "admission", mixinStandardHelpOptions = true,
		description = "The online admission check's latency on the idle suite (issue #35).")
public final class AdmissionCommand implements Callable<Integer> {

	@Option(names = "--attendees", defaultValue = "5000")
	int attendees;

	@Option(names = "--kiosks", defaultValue = "40", description = "Kiosks of the hall asking in turn.")
	int kiosks;

	@Option(names = "--warmup", defaultValue = "500", description = "Questions asked before measuring.")
	int warmup;

	@Option(names = "--checks", defaultValue = "2000", description = "Questions measured.")
	int checks;

	@Option(names = "--fleet", defaultValue = "50",
			description = "Kiosks that must receive a policy change (within 5 s).")
	int fleet;

	@Option(names = "--seed", defaultValue = "42")
	long seed;

	@Option(names = "--home", defaultValue = ".", description = "The repository root (built service jars).")
	Path home;

	@Option(names = "--results", defaultValue = "results")
	Path results;

	@Override
	public Integer call() throws Exception {
		if (this.attendees < 2 || this.kiosks < 1 || this.kiosks > 99 || this.warmup < 0 || this.checks < 1
				|| this.fleet < 1 || this.fleet > 99) {
			throw new IllegalArgumentException("--attendees must be at least 2, --kiosks and --fleet 1..99,"
					+ " --warmup at least 0, --checks at least 1");
		}
		String runId = RunIds.next();
		Path dir = this.results.resolve("admission-" + runId).toAbsolutePath();
		Path work = Files.createDirectories(dir.resolve("work"));
		AdmissionBench.Result result;
		PolicyPropagation.Result propagation;
		try (RunningSuite suite = DrillStack.start(this.home, work.resolve("stack"), Duration.ofMillis(100), 1, null,
				Map.of(), Map.of())) {
			result = new AdmissionBench(suite,
					new AdmissionBench.Plan(this.attendees, this.kiosks, this.warmup, this.checks, this.seed), runId)
				.run();
			propagation = new PolicyPropagation(suite, this.fleet, Files.createDirectories(work.resolve("fleet")),
					runId)
				.run();
		}
		String markdown = result.markdown() + "\n" + propagation.markdown();
		ResultFiles.write(dir, Map.of("admissionCheck", result, "policyPropagation", propagation), markdown);
		System.out.println(markdown);
		System.out.println("results: " + dir);
		if (!result.allDecided() || propagation.reached() < propagation.kiosks()) {
			return 1;
		}
		return (result.check().p99() < AdmissionBench.Result.P99_TARGET_MS && propagation.met()) ? 0 : 2;
	}

}
