package io.eventops.drills.rollout;

import java.util.List;

import io.eventops.drills.check.Check;
import io.eventops.drills.herd.LiveLane;
import io.eventops.drills.report.Latency;

/**
 * What one rollout run did and checked (written as {@code summary.json}).
 *
 * @param runId the run
 * @param plan the shape
 * @param checkIns entries the kiosks recorded (backlog and live)
 * @param seconds the whole run, drain and printing included (the suite's start not)
 * @param rolloutSeconds from the first restart until the last replica was ready again
 * @param longestDrainSeconds the longest graceful drain, SIGTERM to exit
 * @param steps the steady window, every restart and every kill, in order
 * @param flushLatency every flush request of the run
 * @param checks the invariant checks
 * @param passed whether every check passed
 * @param live the live lane's latencies by phase ({@code null} without live kiosks)
 */
public record RolloutSummary(String runId, RolloutPlan plan, long checkIns, double seconds, double rolloutSeconds,
		double longestDrainSeconds, List<RolloutStep> steps, Latency flushLatency, List<Check> checks, boolean passed,
		Live live) {

	/**
	 * The live lane of a rollout (summary.json {@code live}): kiosk call to
	 * {@code APPLIED}, and to the label's format received by the idle printer of its
	 * pool, p50/p99, in each phase; no target, the herd drill has those.
	 *
	 * @param kiosks live kiosks
	 * @param idle on the idle suite, before the herd
	 * @param herd while the backlogs drained
	 * @param steady after the herd, before the first restart
	 * @param rollout from the first restart until the last replica was ready again
	 * @param notApplied live check-ins neither {@code APPLIED} nor {@code DUPLICATE}
	 * @param formatsMissing applied live check-ins whose format never reached the printer
	 */
	public record Live(int kiosks, LiveLane.PhaseLatency idle, LiveLane.PhaseLatency herd, LiveLane.PhaseLatency steady,
			LiveLane.PhaseLatency rollout, long notApplied, long formatsMissing) {
	}

}
