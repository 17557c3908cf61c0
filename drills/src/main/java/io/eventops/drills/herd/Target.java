package io.eventops.drills.herd;

import java.util.ArrayList;
import java.util.List;

/**
 * One of the herd's targets (issue #24), each a ratio to what the same run measured where
 * it can be, since these machines differ by up to four times in speed from one day to the
 * next.
 *
 * @param name the stable name in {@code summary.json} it is about (e.g.
 * {@code ofRawLimit})
 * @param rule the target, in words
 * @param measured what the run measured
 * @param limit the bound
 * @param atLeast whether {@code measured} must be at least {@code limit} (else at most)
 * @param met whether it was met
 */
public record Target(String name, String rule, double measured, double limit, boolean atLeast, boolean met) {

	/** Entries/s end to end at least this share of the raw limit of the same run. */
	public static final double OF_RAW_LIMIT = 0.5;

	/**
	 * The server's CPU per entry in the flush window at most this multiple of the raw
	 * path's CPU per entry in the same run (issue #39; stretch 1.25).
	 */
	public static final double SERVER_CPU_OVER_RAW = 1.5;

	/** Live check-in p99 during the herd at most this multiple of its idle p99. */
	public static final double LIVE_OVER_IDLE = 3.0;

	/** Live check-in p99 during the herd at most this, on this machine. */
	public static final double LIVE_P99_MS = 300;

	/** Check-in to format sent p99 during the herd at most this. */
	public static final double TO_FORMAT_SENT_P99_MS = 1000;

	/**
	 * The herd's drain with live kiosks beside it at most this multiple of the same
	 * herd's drain without them (issue #39).
	 */
	public static final double DRAIN_WITH_LIVE_OVER_WITHOUT = 1.1;

	static Target atLeast(String name, String rule, double measured, double limit) {
		return new Target(name, rule, measured, limit, true, measured >= limit);
	}

	static Target atMost(String name, String rule, double measured, double limit) {
		return new Target(name, rule, measured, limit, false, measured <= limit);
	}

	/**
	 * The targets of one run: the live ones only when the run had live kiosks with
	 * check-ins in both phases.
	 * @param ofRawLimit entries/s over the raw limit
	 * @param serverCpuOverRaw the server's CPU per entry over the raw path's, or NaN
	 * where this machine has no {@code /proc} to read it from (then not a target)
	 * @param live the live lane, or {@code null}
	 * @return the targets
	 */
	static List<Target> evaluate(double ofRawLimit, double serverCpuOverRaw, LiveLane.LiveLatency live) {
		return evaluate(ofRawLimit, serverCpuOverRaw, live, Double.NaN);
	}

	/**
	 * The targets of one run, with the drain's ratio to the same herd's without live
	 * kiosks where it was measured.
	 * @param ofRawLimit entries/s over the raw limit
	 * @param serverCpuOverRaw the server's CPU per entry over the raw path's, or NaN
	 * @param live the live lane, or {@code null}
	 * @param drainWithLiveOverWithout the drain with live kiosks over the drain without
	 * them, or NaN where not measured
	 * @return the targets
	 */
	static List<Target> evaluate(double ofRawLimit, double serverCpuOverRaw, LiveLane.LiveLatency live,
			double drainWithLiveOverWithout) {
		List<Target> targets = new ArrayList<>();
		targets.add(atLeast("ofRawLimit", "entries/s end to end >= 50 % of the raw limit of the same run", ofRawLimit,
				OF_RAW_LIMIT));
		if (!Double.isNaN(serverCpuOverRaw)) {
			targets.add(atMost("serverCpuOverRaw",
					"server CPU per entry (edge, reconciler, orchestrator, Redis, PostgreSQL) <= 1.5 x the raw path's"
							+ " CPU per entry of the same run (stretch 1.25)",
					serverCpuOverRaw, SERVER_CPU_OVER_RAW));
		}
		if (live != null && live.checkIns() > 0 && live.idleCheckIns() > 0) {
			targets.add(atMost("live.p99OverIdle", "live check-in p99 during the herd <= 3 x its p99 on the idle suite",
					live.p99OverIdle(), LIVE_OVER_IDLE));
			targets.add(atMost("live.p99Ms", "live check-in p99 during the herd <= 300 ms", live.p99Ms(), LIVE_P99_MS));
			targets
				.add(atMost("live.toFormatSentP99Ms", "live check-in to label format sent p99 during the herd <= 1 s",
						live.toFormatSentP99Ms(), TO_FORMAT_SENT_P99_MS));
		}
		if (!Double.isNaN(drainWithLiveOverWithout)) {
			targets.add(atMost("drainWithLiveOverWithout",
					"the herd's drain with live kiosks <= 1.1 x the same herd's drain without them",
					drainWithLiveOverWithout, DRAIN_WITH_LIVE_OVER_WITHOUT));
		}
		return targets;
	}

}
