package io.eventops.drills.rollout;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import io.eventops.drills.check.Check;
import io.eventops.drills.fleet.BatchTiming;
import io.eventops.drills.herd.LiveLane;
import io.eventops.drills.report.LatencyChart;
import io.eventops.drills.report.ResultFiles;

/**
 * Writes a rollout run's results: the table of each restart and kill with the flush
 * latency while it ran and how long a printer went unserved, the longest graceful drain,
 * and every invariant with pass/fail, as {@code summary.md}, {@code summary.json} and
 * {@code latency.png}.
 */
public final class RolloutReport {

	private RolloutReport() {
	}

	private static String notOk(RolloutStep step) {
		if (step.notOk().isEmpty()) {
			return "0";
		}
		StringBuilder out = new StringBuilder();
		step.notOk()
			.forEach((status, count) -> out.append((out.length() > 0) ? ", " : "")
				.append(count)
				.append(" × ")
				.append((status == 0) ? "no answer" : status));
		return out.toString();
	}

	private static void live(StringBuilder md, String phase, LiveLane.PhaseLatency latency) {
		md.append(
				String.format(Locale.ROOT, "| %s | %d | %.0f / %.0f ms | %.0f / %.0f ms |%n", phase, latency.checkIns(),
						latency.p50Ms(), latency.p99Ms(), latency.toFormatSentP50Ms(), latency.toFormatSentP99Ms()));
	}

	/**
	 * Writes the files.
	 * @param dir the run's results folder
	 * @param summary the summary
	 * @param timings the flush requests
	 * @return the Markdown text
	 * @throws IOException when they cannot be written
	 */
	public static String write(Path dir, RolloutSummary summary, List<BatchTiming> timings) throws IOException {
		LatencyChart.write(dir.resolve("latency.png"),
				"Rollout " + summary.runId() + ": flush request latency (seed " + summary.plan().seed() + ")", timings,
				summary.flushLatency());
		RolloutPlan plan = summary.plan();
		StringBuilder md = new StringBuilder("# Rollout drill ").append(summary.runId()).append("\n\n");
		md.append(String.format(
				"Seed %d, %d replicas of every service behind HAProxy, %d kiosks (a herd of %d backlog entries each,"
						+ " then %.0f live check-ins/s), %d check-ins in all; services rolled %s; grace %d s."
						+ " Rollout %.1f s, %.1f s in all (drain and printing included).%n%n",
				plan.seed(), plan.replicas(), plan.kiosks(), plan.backlog(), plan.checkInsPerSecond(),
				summary.checkIns(), plan.parallel() ? "at the same time" : "one after the other",
				plan.grace().toSeconds(), summary.rolloutSeconds(), summary.seconds()));
		md.append(String.format(
				"Flush latency p50 / p95 / p99 / max: %.0f / %.0f / %.0f / %.0f ms over %d requests."
						+ " Longest graceful drain (SIGTERM to exit): %.1f s.%n%n",
				summary.flushLatency().p50(), summary.flushLatency().p95(), summary.flushLatency().p99(),
				summary.flushLatency().max(), summary.flushLatency().count(), summary.longestDrainSeconds()));
		double steadyP99 = summary.steps()
			.stream()
			.filter((step) -> step.action().equals("steady"))
			.mapToDouble(RolloutStep::p99Millis)
			.findFirst()
			.orElse(0);
		md.append("![flush latency](latency.png)\n\n## Restarts\n\n");
		md.append("Each row's window runs from the replica's removal from rotation (a kill: from the kill) until"
				+ " its new JVM is in rotation again; the flushes are those sent within it; \"printer unserved\" is"
				+ " the longest time within it that a printer printed nothing while jobs waited; \"p99 / steady\""
				+ " compares with live check-ins alone before the first restart.\n\n");
		md.append("| at | service | replica | action | window | drain | cut short | flushes | p50 | p99 |"
				+ " p99 / steady | not 200 | printer unserved | as planned |\n");
		md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
		for (RolloutStep step : summary.steps()) {
			md.append(String.format(
					"| %.1f s | %s | %s | %s | %.1f s | %s | %s | %d | %.0f ms | %.0f ms | %s | %s |"
							+ " %.1f s | %s |%n",
					step.atSeconds(), step.service(), step.replica(), step.action(), step.seconds(),
					step.action().equals("restart") ? String.format("%.1f s", step.drainSeconds()) : "",
					step.action().equals("kill -9") ? Integer.toString(step.cutShort()) : "", step.flushes(),
					step.p50Millis(), step.p99Millis(),
					(steadyP99 > 0) ? String.format("%.1f", step.p99Millis() / steadyP99) : "", notOk(step),
					step.unservedSeconds(), step.ok() ? "yes" : "**no**: " + step.detail()));
		}
		if (summary.live() != null) {
			RolloutSummary.Live live = summary.live();
			md.append(String.format(Locale.ROOT, "%n## Live kiosks%n%n%d online kiosks, each checking one attendee in"
					+ " about every 2 s and printing on an idle printer of its own; a check-in counts in the phase"
					+ " it began in.%n%n| phase | live check-ins | kiosk call to APPLIED p50 / p99 |"
					+ " to format sent p50 / p99 |%n|---|---|---|---|%n", live.kiosks()));
			live(md, "idle suite", live.idle());
			live(md, "herd", live.herd());
			live(md, "steady", live.steady());
			live(md, "rollout", live.rollout());
			md.append(String.format(Locale.ROOT, "%n%d not applied, %d formats missing.%n", live.notApplied(),
					live.formatsMissing()));
		}
		md.append("\n## Invariants\n\n").append(Check.markdown(summary.checks()));
		ResultFiles.write(dir, summary, md.toString());
		return md.toString();
	}

}
