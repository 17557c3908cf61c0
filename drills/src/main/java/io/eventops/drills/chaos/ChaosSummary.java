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
 * @param policy the scans under the access-control policy ({@code --policy}), or
 * {@code null} without one
 */
public record ChaosSummary(String runId, ChaosPlan plan, long checkIns, double seconds,
		Map<String, Integer> kioskFaults, List<Fault> faults, Latency batchLatency, List<Check> checks, boolean passed,
		PolicyScans policy) {

	/**
	 * The scans of a run under the access-control policy (issue #36).
	 *
	 * @param version the policy version the event had
	 * @param areas the policy's areas
	 * @param badgeArea the area that prints badges
	 * @param admitted scans the kiosks admitted ({@code CHECK_IN})
	 * @param exits exits recorded
	 * @param refused scans the kiosks refused ({@code REFUSED}, audit only)
	 * @param decidedOffline entry scans a kiosk decided from its cache, the edge not
	 * answering in time
	 * @param flagged admissions the reconciler flagged {@code ADMITTED_AGAINST_RULES}
	 * @param entryScan how long an entry scan took at the kiosk, the edge's admission
	 * check (within its budget) included
	 */
	public record PolicyScans(long version, List<String> areas, String badgeArea, long admitted, long exits,
			long refused, long decidedOffline, long flagged, Latency entryScan) {
	}

}
