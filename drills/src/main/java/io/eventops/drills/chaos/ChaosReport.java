package io.eventops.drills.chaos;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.eventops.drills.check.Check;
import io.eventops.drills.fleet.BatchTiming;
import io.eventops.drills.report.LatencyChart;
import io.eventops.drills.report.ResultFiles;

/**
 * Writes a chaos run's results: the table of every fault injected and every invariant
 * with pass/fail, as {@code summary.md}, {@code summary.json} and {@code latency.png}.
 */
public final class ChaosReport {

	private ChaosReport() {
	}

	/**
	 * Writes the files.
	 * @param dir the run's results folder
	 * @param summary the summary
	 * @param timings the flush requests
	 * @return the Markdown text
	 * @throws IOException when they cannot be written
	 */
	public static String write(Path dir, ChaosSummary summary, List<BatchTiming> timings) throws IOException {
		LatencyChart.write(dir.resolve("latency.png"),
				"Chaos " + summary.runId() + ": flush request latency (seed " + summary.plan().seed() + ")", timings,
				summary.batchLatency());
		StringBuilder md = new StringBuilder();
		ChaosPlan plan = summary.plan();
		md.append("# Fault drill ").append(summary.runId()).append("\n\n");
		md.append(String.format(
				"Seed %d, %d kiosks, %d check-ins over %d s, %.1f s in all (drain and printing"
						+ " included). Kiosk-side faults injected: %s.%n%n",
				plan.seed(), plan.kiosks(), summary.checkIns(), plan.duration().toSeconds(), summary.seconds(),
				summary.kioskFaults()));
		ChaosSummary.PolicyScans policy = summary.policy();
		if (policy != null) {
			md.append(String
				.format("Under the access-control policy v%d (--policy): areas %s, kiosks one area each (every second"
						+ " at the badge desk, %s), entries and exits. Scans: %d admitted, %d exits, %d refused"
						+ " at the kiosks (%d entry scans decided offline); %d admissions flagged ADMITTED_AGAINST_RULES by the"
						+ " reconciler. An entry scan took p50 / p99 / max %.0f / %.0f / %.0f ms at the kiosk.%n%n",
						policy.version(), policy.areas(), policy.badgeArea(), policy.admitted(), policy.exits(),
						policy.refused(), policy.decidedOffline(), policy.flagged(), policy.entryScan().p50(),
						policy.entryScan().p99(), policy.entryScan().max()));
		}
		md.append(
				String.format("Flush latency p50 / p95 / p99 / max: %.0f / %.0f / %.0f / %.0f ms over %d requests.%n%n",
						summary.batchLatency().p50(), summary.batchLatency().p95(), summary.batchLatency().p99(),
						summary.batchLatency().max(), summary.batchLatency().count()));
		md.append(
				"![flush latency](latency.png)\n\n## Faults\n\n| at | fault | observed | as planned |\n|---|---|---|---|\n");
		for (Fault fault : summary.faults()) {
			md.append(String.format("| %.1f s | %s | %s | %s |%n", fault.atSeconds(), fault.name(), fault.detail(),
					fault.ok() ? "yes" : "**no**"));
		}
		md.append("\n## Invariants\n\n").append(Check.markdown(summary.checks()));
		ResultFiles.write(dir, summary, md.toString());
		return md.toString();
	}

}
