package io.eventops.drills.herd;

import java.util.List;
import java.util.Map;

import io.eventops.drills.baseline.BaselineResult;
import io.eventops.drills.check.Check;
import io.eventops.drills.profile.HotFrames;
import io.eventops.drills.profile.SlowStatements;
import io.eventops.drills.profile.TimerDelta;
import io.eventops.drills.report.Latency;

/**
 * What one herd run measured and checked (written as {@code summary.json}).
 *
 * @param runId the run
 * @param plan the herd's shape
 * @param distinctAttendees distinct attendees in the entries
 * @param attendeesAtSeveralKiosks attendees recorded by more than one kiosk
 * @param entries entries flushed (each once; resends not counted)
 * @param secondsToDrainAll from the common start until every backlog was acknowledged
 * @param entriesPerSecond entries over that time
 * @param requests flush requests sent, resends included
 * @param batchLatency latency of flush requests as the kiosks saw them
 * @param injected faults injected by kind
 * @param outcomes last outcome per entry, as the kiosks recorded them
 * @param raw the raw-limit baseline: the median of {@code rawRuns}
 * @param rawRuns the raw limit of each measured raw run, entries/s
 * @param naive the naive baseline
 * @param ratioToRaw herd rate / raw rate
 * @param ratioToNaive herd rate / naive rate
 * @param p99FloorSeconds the lowest p99 batch latency this herd's shape allows at the raw
 * limit ({@link #p99FloorSeconds(HerdPlan, double)})
 * @param serverTimers the services' batch timers during the herd
 * @param cpuSeconds CPU seconds used during the flush window, by process group
 * @param jitSeconds of those, what the service JVMs' JIT compiler threads used (code
 * still being compiled inside the window)
 * @param profile hottest frames per service during the herd (empty without JFR)
 * @param checks the invariant checks
 * @param passed whether every check passed
 * @param settings service settings given for the run ({@code module:property=value})
 * @param statements PostgreSQL's slowest statements during the flush window
 * @param ofRawLimit entries/s end to end over the raw limit of the same run (the same as
 * {@code ratioToRaw}, under the stable name of issue #24)
 * @param rawCpuMicrosPerEntry CPU the raw path spent per entry in its measured runs (its
 * client JVM and PostgreSQL), in µs; NaN without {@code /proc}
 * @param serverCpuMicrosPerEntry CPU the server side (edge, reconciler, orchestrator,
 * Redis, PostgreSQL: every group but the drill's own JVM and other processes) spent per
 * entry in the flush window, in µs; NaN without {@code /proc}
 * @param serverCpuOverRaw {@code serverCpuMicrosPerEntry / rawCpuMicrosPerEntry} (issue
 * #39)
 * @param kioskPriority at what CPU priority the herd's kiosks ran ({@code LowPriority})
 * @param live the live lane's latencies, idle and during the herd ({@code null} without
 * live kiosks)
 * @param targets the targets, evaluated on what this run measured
 * @param targetsMet whether every target was met
 * @param secondsToDrainWithoutLive the same herd's drain (a data set and an event of its
 * own, right after the measured one) without live kiosks beside it, in s; NaN when not
 * measured (no live kiosks, or {@code --no-drain-without-live})
 * @param drainWithLiveOverWithout {@code secondsToDrainAll / secondsToDrainWithoutLive}
 * (issue #39: at most 1.1), NaN when not measured
 */
public record HerdSummary(String runId, HerdPlan plan, long distinctAttendees, long attendeesAtSeveralKiosks,
		long entries, double secondsToDrainAll, double entriesPerSecond, int requests, Latency batchLatency,
		Map<String, Integer> injected, Map<String, Long> outcomes, BaselineResult raw, List<Double> rawRuns,
		BaselineResult naive, double ratioToRaw, double ratioToNaive, double p99FloorSeconds,
		List<TimerDelta> serverTimers, Map<String, Double> cpuSeconds, Map<String, Double> jitSeconds,
		List<HotFrames> profile, List<Check> checks, boolean passed, List<String> settings,
		List<SlowStatements.Row> statements, double ofRawLimit, double rawCpuMicrosPerEntry,
		double serverCpuMicrosPerEntry, double serverCpuOverRaw, String kioskPriority, LiveLane.LiveLatency live,
		List<Target> targets, boolean targetsMet, double secondsToDrainWithoutLive, double drainWithLiveOverWithout) {

	/**
	 * The verdict: invariants first, then the targets.
	 * @return {@code PASSED}, {@code TARGETS MISSED} or {@code INVARIANT BROKEN}
	 */
	public String verdict() {
		return !this.passed ? "INVARIANT BROKEN" : this.targetsMet ? "PASSED" : "TARGETS MISSED";
	}

	/**
	 * The lowest p99 batch latency a herd of this shape allows if only the database set
	 * the pace, at the raw limit. Every kiosk has one batch in flight at a time, all sent
	 * at the start: with one batch per kiosk (the default) the 99th percentile batch is
	 * the {@code 0.99 · kiosks}-th to be applied, no sooner than {@code 0.99 · kiosks ·
	 * entries / raw rate}; with smaller batches the same holds for the first round, and
	 * Little's law gives about that wait to every later one.
	 * @param plan the herd's shape
	 * @param rawEntriesPerSecond the raw limit
	 * @return the floor, in seconds
	 */
	static double p99FloorSeconds(HerdPlan plan, double rawEntriesPerSecond) {
		return 0.99 * plan.kiosks() * Math.min(plan.batchSize(), plan.entries()) / rawEntriesPerSecond;
	}

	/**
	 * CPU per entry, in µs, of some of the process groups in a window.
	 * @param cpuSeconds CPU seconds by group in the window
	 * @param counted whether a group counts
	 * @param entries the entries applied in the window
	 * @return µs per entry, NaN when nothing was measured (no {@code /proc})
	 */
	static double cpuMicrosPerEntry(Map<String, Double> cpuSeconds, java.util.function.Predicate<String> counted,
			long entries) {
		if (cpuSeconds.isEmpty() || entries <= 0) {
			return Double.NaN;
		}
		double seconds = cpuSeconds.entrySet()
			.stream()
			.filter((group) -> counted.test(group.getKey()))
			.mapToDouble(Map.Entry::getValue)
			.sum();
		return seconds * 1e6 / entries;
	}

	HerdSummary withProfile(List<HotFrames> frames) {
		return new HerdSummary(this.runId, this.plan, this.distinctAttendees, this.attendeesAtSeveralKiosks,
				this.entries, this.secondsToDrainAll, this.entriesPerSecond, this.requests, this.batchLatency,
				this.injected, this.outcomes, this.raw, this.rawRuns, this.naive, this.ratioToRaw, this.ratioToNaive,
				this.p99FloorSeconds, this.serverTimers, this.cpuSeconds, this.jitSeconds, frames, this.checks,
				this.passed, this.settings, this.statements, this.ofRawLimit, this.rawCpuMicrosPerEntry,
				this.serverCpuMicrosPerEntry, this.serverCpuOverRaw, this.kioskPriority, this.live, this.targets,
				this.targetsMet, this.secondsToDrainWithoutLive, this.drainWithLiveOverWithout);
	}

	HerdSummary withSettings(List<String> given) {
		return new HerdSummary(this.runId, this.plan, this.distinctAttendees, this.attendeesAtSeveralKiosks,
				this.entries, this.secondsToDrainAll, this.entriesPerSecond, this.requests, this.batchLatency,
				this.injected, this.outcomes, this.raw, this.rawRuns, this.naive, this.ratioToRaw, this.ratioToNaive,
				this.p99FloorSeconds, this.serverTimers, this.cpuSeconds, this.jitSeconds, this.profile, this.checks,
				this.passed, given, this.statements, this.ofRawLimit, this.rawCpuMicrosPerEntry,
				this.serverCpuMicrosPerEntry, this.serverCpuOverRaw, this.kioskPriority, this.live, this.targets,
				this.targetsMet, this.secondsToDrainWithoutLive, this.drainWithLiveOverWithout);
	}

}
