package io.eventops.drills.herd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.eventops.drills.check.Check;
import io.eventops.drills.fleet.BatchTiming;
import io.eventops.drills.profile.HotFrames;
import io.eventops.drills.profile.TimerDelta;
import io.eventops.drills.report.LatencyChart;
import io.eventops.drills.report.ResultFiles;

/**
 * Writes a herd's results: {@code summary.json}, {@code summary.md} with the numbers, the
 * ratios, where the time went and the checks, and {@code latency.png}.
 */
public final class HerdReport {

	private HerdReport() {
	}

	/**
	 * Writes the files.
	 * @param dir the run's results folder
	 * @param summary the summary
	 * @param timings the flush requests
	 * @return the Markdown text
	 * @throws IOException when they cannot be written
	 */
	public static String write(Path dir, HerdSummary summary, List<BatchTiming> timings) throws IOException {
		LatencyChart.write(
				dir.resolve("latency.png"), "Herd " + summary.runId() + ": flush request latency ("
						+ summary.plan().kiosks() + " kiosks x " + summary.plan().entries() + " entries)",
				timings, summary.batchLatency());
		String markdown = markdown(summary);
		ResultFiles.write(dir, summary, markdown);
		return markdown;
	}

	static String markdown(HerdSummary s) {
		StringBuilder md = new StringBuilder();
		HerdPlan p = s.plan();
		md.append("# Reconnect herd ").append(s.runId()).append("\n\n");
		md.append(String.format("%d kiosks x %d entries = %d entries over %d registered attendees (%d distinct, "
				+ "%d at several kiosks), %d stale replays, %.0f %% of flush answers lost (resent), batches of %d, "
				+ "seed %d; %d cores.%n%n", p.kiosks(), p.entries(), s.entries(), p.attendees(), s.distinctAttendees(),
				s.attendeesAtSeveralKiosks(), p.stale(), p.replayFraction() * 100, p.batchSize(), p.seed(),
				Runtime.getRuntime().availableProcessors()));
		if (s.settings() != null && !s.settings().isEmpty()) {
			md.append("Service settings for this run: `").append(String.join("`, `", s.settings())).append("`.\n\n");
		}
		md.append("| measure | value |\n|---|---|\n");
		md.append(
				String.format("| entries/s end to end (kiosk log → edge → reconciler → ack in the log) | **%.0f** |%n",
						s.entriesPerSecond()));
		md.append(String.format("| time until every backlog was acknowledged | %.2f s |%n", s.secondsToDrainAll()));
		md.append(String.format("| flush requests (resends included) | %d |%n", s.requests()));
		md.append(String.format("| batch latency p50 / p95 / p99 / max | %.0f / %.0f / %.0f / %.0f ms |%n",
				s.batchLatency().p50(), s.batchLatency().p95(), s.batchLatency().p99(), s.batchLatency().max()));
		md.append(String.format(
				"| p99 floor at the raw limit: 0.99 x %d kiosks x %d entries in flight at once / raw limit | %.0f ms |%n",
				p.kiosks(), Math.min(p.batchSize(), p.entries()), s.p99FloorSeconds() * 1000));
		md.append("| outcomes (last per entry, as the kiosks recorded them) | ").append(s.outcomes()).append(" |\n");
		md.append("| faults injected | ").append(s.injected()).append(" |\n");
		md.append(String.format("| raw limit: %s | %.0f entries/s (median of %d runs: %s) |%n", s.raw().description(),
				s.raw().entriesPerSecond(), s.rawRuns().size(), HerdDrill.rates(s.rawRuns())));
		md.append(String.format("| naive path: %s | %.0f entries/s |%n", s.naive().description(),
				s.naive().entriesPerSecond()));
		md.append(String.format("| **full system / raw limit** | **%.1f %%** |%n", s.ratioToRaw() * 100));
		md.append(String.format("| **full system / naive path** | **%.2f x** |%n%n", s.ratioToNaive()));
		if (s.live() != null) {
			LiveLane.LiveLatency l = s.live();
			md.append(String.format(Locale.ROOT, "## Live kiosks%n%n%d online kiosks beside the herd, each checking one"
					+ " attendee in about every 2 s through the real agent, in a JVM of their own at normal priority;"
					+ " each prints on a pool of its own with an idle printer.%n%n| live check-ins | count | kiosk call to APPLIED p50 / p99 | to format sent"
					+ " p50 / p99 |%n|---|---|---|---|%n", l.kiosks()));
			md.append(String.format(Locale.ROOT, "| on the idle suite | %d | %.0f / %.0f ms | %.0f / %.0f ms |%n",
					l.idleCheckIns(), l.idleP50Ms(), l.idleP99Ms(), l.idleToFormatSentP50Ms(),
					l.idleToFormatSentP99Ms()));
			md.append(String.format(Locale.ROOT, "| during the herd | %d | %.0f / %.0f ms | %.0f / %.0f ms |%n%n",
					l.checkIns(), l.p50Ms(), l.p99Ms(), l.toFormatSentP50Ms(), l.toFormatSentP99Ms()));
		}
		md.append(
				"## Targets (ratios to what this run measured)\n\n| name | target | measured | met |\n|---|---|---|---|\n");
		for (Target t : s.targets()) {
			md.append(String.format(Locale.ROOT, "| `%s` | %s | %.3f | %s |%n", t.name(), t.rule(), t.measured(),
					t.met() ? "yes" : "**no**"));
		}
		md.append("\nVerdict: **").append(s.verdict()).append("**\n\n");
		md.append("![batch latency](latency.png)\n\n## Where the time goes\n\n");
		md.append(String.format("Kiosk-side mean per flush request: %.1f ms.%n%n", s.batchLatency().mean()));
		md.append("| server timer | batches | mean |\n|---|---|---|\n");
		for (TimerDelta timer : s.serverTimers()) {
			md.append(String.format("| `%s` | %d | %.1f ms |%n", timer.metric(), timer.count(), timer.meanMillis()));
		}
		if (!s.cpuSeconds().isEmpty()) {
			int cores = Runtime.getRuntime().availableProcessors();
			double capacity = cores * s.secondsToDrainAll();
			md.append(String.format("%nCPU used during the flush window (%.2f s x %d cores = %.1f core-seconds):%n%n",
					s.secondsToDrainAll(), cores, capacity));
			md.append("| process | CPU seconds | share of the cores | per entry | of it, the JIT compiling |\n"
					+ "|---|---|---|---|---|\n");
			s.cpuSeconds().forEach((process, seconds) -> {
				Double jit = s.jitSeconds().get(process);
				md.append(String.format("| %s | %.1f | %.1f %% | %.0f us | %s |%n", process, seconds,
						100 * seconds / capacity, seconds * 1e6 / s.entries(), (jit != null)
								? String.format("%.2f s (%.0f %%)", jit, 100 * jit / Math.max(seconds, 1e-9)) : ""));
			});
		}
		if (!Double.isNaN(s.serverCpuOverRaw())) {
			md.append(String.format(Locale.ROOT,
					"%nCPU per entry: the server side (every group above but the drill's JVM and other processes)"
							+ " %.0f us, the raw path (its client and PostgreSQL, over its measured runs) %.0f us:"
							+ " `serverCpuOverRaw` **%.2f** (goal <= %.2f, stretch 1.25).%n",
					s.serverCpuMicrosPerEntry(), s.rawCpuMicrosPerEntry(), s.serverCpuOverRaw(),
					Target.SERVER_CPU_OVER_RAW));
		}
		if (!Double.isNaN(s.drainWithLiveOverWithout())) {
			md.append(String.format(Locale.ROOT,
					"%nThe drain with live kiosks beside it %.2f s, the same herd without them (right after it, on an"
							+ " event of its own) %.2f s: `drainWithLiveOverWithout` **%.3f** (goal <= %.2f).%n",
					s.secondsToDrainAll(), s.secondsToDrainWithoutLive(), s.drainWithLiveOverWithout(),
					Target.DRAIN_WITH_LIVE_OVER_WITHOUT));
		}
		md.append(String.format("%nThe herd's kiosks ran at %s.%n", s.kioskPriority()));
		if (s.statements() != null && !s.statements().isEmpty()) {
			md.append("\nPostgreSQL's slowest statements during the flush window (pg_stat_statements, execution time"
					+ " summed over concurrent backends):\n\n| total ms | calls | rows | statement |\n|---|---|---|---|\n");
			s.statements()
				.forEach((row) -> md.append(String.format("| %.0f | %d | %d | `%s` |%n", row.totalMillis(), row.calls(),
						row.rows(), row.query().replace("|", "\\|").replace("`", "'"))));
		}
		md.append("\nThe kiosk-side mean minus the edge's is TLS, connection set-up and queueing for a server thread;"
				+ " the edge's minus the reconciler's is the edge's own work (parsing, rules, watermarks) and the"
				+ " internal HTTP hop.\n\n");
		for (HotFrames frames : s.profile()) {
			md.append("### ")
				.append(frames.service())
				.append(" (JFR, ")
				.append(frames.samples())
				.append(" execution samples during the flush)\n\n")
				.append(String.format(Locale.ROOT, "Garbage collections in the window: %d, paused %.2f s in all.%n%n",
						frames.collections(), frames.gcPauseSeconds()))
				.append("| first io.eventops frame on the stack | samples |\n|---|---|\n");
			frames.ownFrames()
				.forEach((
						e) -> md.append("| `").append(e.getKey()).append("` | ").append(pct(e, frames)).append(" |\n"));
			md.append("\n| top frame | samples |\n|---|---|\n");
			frames.topFrames()
				.forEach((
						e) -> md.append("| `").append(e.getKey()).append("` | ").append(pct(e, frames)).append(" |\n"));
			md.append('\n');
		}
		md.append("## Checks\n\n").append(Check.markdown(s.checks()));
		return md.toString();
	}

	private static String pct(Map.Entry<String, Long> entry, HotFrames frames) {
		return String.format("%d (%.1f %%)", entry.getValue(),
				100.0 * entry.getValue() / Math.max(1, frames.samples()));
	}

}
