package io.eventops.drills.rollout;

import java.util.List;

import io.eventops.drills.check.Check;
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
 */
public record RolloutSummary(String runId, RolloutPlan plan, long checkIns, double seconds, double rolloutSeconds,
		double longestDrainSeconds, List<RolloutStep> steps, Latency flushLatency, List<Check> checks, boolean passed) {
}
