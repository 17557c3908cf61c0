package io.eventops.drills;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.eventops.drills.chaos.ChaosDrill;
import io.eventops.drills.chaos.ChaosPlan;
import io.eventops.drills.chaos.ChaosReport;
import io.eventops.drills.chaos.ChaosSummary;
import io.eventops.drills.herd.HerdDrill;
import io.eventops.drills.herd.HerdReport;
import io.eventops.drills.herd.HerdSummary;
import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.stack.RunIds;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CI smoke run: a scaled-down herd and a scaled-down chaos drill end to end on one
 * fresh suite (services as their own JVMs from their exec jars), failing when any
 * invariant breaks. Timings are printed, never asserted.
 */
class SmokeTests {

	@TempDir
	static Path work;

	static RunningSuite suite;

	@BeforeAll
	static void startSuite() throws Exception {
		// labels take 100 ms here instead of a real printer's second or two, so the
		// orchestrator asks for the confirmation at the same proportion (its 250 ms
		// default
		// left the printers idle most of the time and the smoke near its 2-minute limit)
		suite = DrillStack.start(Path.of(System.getProperty("drills.home", "..")), work.resolve("stack"),
				Duration.ofMillis(100), 2, null,
				Map.of(SuiteOptions.ORCHESTRATOR, List.of("--eventops.print.confirm-poll-interval=50ms")));
	}

	@AfterAll
	static void stopSuite() {
		if (suite != null) {
			suite.close();
		}
	}

	@Test
	void smallHerdKeepsEveryInvariant() throws Exception {
		String runId = RunIds.next();
		HerdDrill drill = HerdDrill.of(suite, 6, 40, 300, work.resolve("herd-kiosks"), runId);
		HerdSummary summary = drill.run();
		System.out.println(HerdReport.write(work.resolve("herd-results"), summary, drill.timings()));
		assertThat(summary.checks()).isNotEmpty()
			.allSatisfy((check) -> assertThat(check.passed())
				.as(check.name() + ": expected " + check.expected() + ", got " + check.actual())
				.isTrue());
	}

	@Test
	void smokeChaosKeepsEveryInvariant() throws Exception {
		String runId = RunIds.next();
		ChaosDrill drill = new ChaosDrill(suite, ChaosPlan.smoke(7), work.resolve("chaos-kiosks"), runId);
		ChaosSummary summary = drill.run();
		System.out.println(ChaosReport.write(work.resolve("chaos-results"), summary, drill.timings()));
		assertThat(summary.checks()).isNotEmpty()
			.allSatisfy((check) -> assertThat(check.passed())
				.as(check.name() + ": expected " + check.expected() + ", got " + check.actual())
				.isTrue());
	}

}
