package io.eventops.drills.chaos;

import java.util.List;
import java.util.Map;

import io.eventops.drills.check.Check;
import io.eventops.drills.report.Latency;

/**
 * What one chaos run injected and checked (written as {@code summary.json}).
 *
 * @param runId the run
 * @param plan the scenario
 * @param checkIns check-ins the kiosks recorded
 * @param seconds the whole scenario, drain and printing included
 * @param kioskFaults faults injected between kiosks and edge, by kind
 * @param faults every suite-side fault and network change, in order
 * @param batchLatency flush request latency as the kiosks saw it
 * @param checks the invariant checks
 * @param passed whether every check passed
 */
public record ChaosSummary(String runId, ChaosPlan plan, long checkIns, double seconds,
		Map<String, Integer> kioskFaults, List<Fault> faults, Latency batchLatency, List<Check> checks,
		boolean passed) {
}
