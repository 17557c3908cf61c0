package io.eventops.drills.capacity;

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
 * {@code drills capacity}: starts a fresh suite, runs {@link CapacityDrill}, stops the
 * suite, writes the results; exit 1 when the peak went above the capacity or the server's
 * count after the outage is not the drill's.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true,
		description = "A capacity that holds while kiosks are offline (issue #36, invariant 14).")
public final class CapacityCommand implements Callable<Integer> {

	@Option(names = "--kiosks", defaultValue = "20", description = "Kiosks of the hall (every third records exits).")
	int kiosks;

	@Option(names = "--capacity", defaultValue = "500")
	int capacity;

	@Option(names = "--attempts", defaultValue = "2000",
			description = "People arriving or leaving during the outage (a quarter more after it).")
	int attempts;

	@Option(names = "--seed", defaultValue = "42")
	long seed;

	@Option(names = "--home", defaultValue = ".", description = "The repository root (built service jars).")
	Path home;

	@Option(names = "--results", defaultValue = "results")
	Path results;

	@Override
	public Integer call() throws Exception {
		if (this.kiosks < 1 || this.kiosks > 99 || this.capacity < 1 || this.attempts < 1) {
			throw new IllegalArgumentException("--kiosks must be 1..99, --capacity and --attempts at least 1");
		}
		String runId = RunIds.next();
		Path dir = this.results.resolve("capacity-" + runId).toAbsolutePath();
		Path work = Files.createDirectories(dir.resolve("work"));
		CapacityDrill.Result result;
		try (RunningSuite suite = DrillStack.start(this.home, work.resolve("stack"), Duration.ofMillis(100), 1, null,
				Map.of(), Map.of())) {
			result = new CapacityDrill(suite,
					new CapacityDrill.Plan(this.kiosks, this.capacity, this.attempts, this.seed),
					Files.createDirectories(work.resolve("kiosks")), runId)
				.run();
		}
		String markdown = result.markdown();
		ResultFiles.write(dir, Map.of("capacity", result), markdown);
		System.out.println(markdown);
		System.out.println("results: " + dir);
		return result.passed() ? 0 : 1;
	}

}
