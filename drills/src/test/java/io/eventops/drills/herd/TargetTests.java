package io.eventops.drills.herd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The herd's targets are ratios to what the same run measured, and the live lane's
 * latencies come from its own samples, idle and during the herd.
 */
class TargetTests {

	@Test
	void ratiosDecideAndTheLiveTargetsNeedBothPhases() {
		List<Target> targets = Target.evaluate(0.52, 1.6, null);
		assertThat(targets).extracting(Target::name).containsExactly("ofRawLimit", "serverCpuOverRaw");
		assertThat(targets).extracting(Target::met).containsExactly(true, false);
		assertThat(Target.evaluate(0.49, 1.5, null)).extracting(Target::met).containsExactly(false, true);
		// without /proc there is no CPU to compare: no CPU target rather than a false one
		assertThat(Target.evaluate(0.5, Double.NaN, null)).extracting(Target::name).containsExactly("ofRawLimit");
	}

	@Test
	void theDrainWithLiveKiosksIsATargetWhereTheDrainWithoutThemWasMeasured() {
		assertThat(Target.evaluate(0.5, 1.0, null, 1.08)).extracting(Target::name)
			.containsExactly("ofRawLimit", "serverCpuOverRaw", "drainWithLiveOverWithout");
		assertThat(Target.evaluate(0.5, 1.0, null, 1.08).get(2).met()).isTrue();
		assertThat(Target.evaluate(0.5, 1.0, null, 1.11).get(2).met()).isFalse();
		// not measured (no live kiosks, or --no-drain-without-live): no target
		assertThat(Target.evaluate(0.5, 1.0, null, Double.NaN)).extracting(Target::name)
			.doesNotContain("drainWithLiveOverWithout");
	}

	@Test
	void cpuPerEntryCountsOnlyTheGroupsAsked() {
		Map<String, Double> cpu = Map.of("edge", 1.0, "postgresql", 2.0, "drills JVM", 5.0, "other", 3.0);
		assertThat(HerdSummary.cpuMicrosPerEntry(cpu, (group) -> !group.equals("drills JVM") && !group.equals("other"),
				10_000))
			.isEqualTo(300.0);
		assertThat(HerdSummary.cpuMicrosPerEntry(cpu, (group) -> group.equals("drills JVM"), 10_000)).isEqualTo(500.0);
		assertThat(HerdSummary.cpuMicrosPerEntry(Map.of(), (group) -> true, 10)).isNaN();
	}

	@Test
	void liveLatencyIsTakenPerPhaseFromKioskCallToApplyAndToFormatSent() {
		long ms = 1_000_000;
		List<LiveLane.Sample> samples = List.of(new LiveLane.Sample("k1", "idle", "a1", 0, 100 * ms, "APPLIED"),
				new LiveLane.Sample("k1", "idle", "a2", 1000 * ms, 120 * ms, "APPLIED"),
				new LiveLane.Sample("k2", "herd", "a3", 2000 * ms, 250 * ms, "APPLIED"),
				new LiveLane.Sample("k2", "herd", "a4", 3000 * ms, 400 * ms, "APPLIED"));
		Map<String, Long> formats = Map.of("a1", 300 * ms, "a2", 1400 * ms, "a3", 2900 * ms);
		LiveLane.LiveLatency live = LiveLane.LiveLatency.of(2, samples, formats);
		assertThat(live.idleCheckIns()).isEqualTo(2);
		assertThat(live.idleP99Ms()).isEqualTo(120);
		assertThat(live.idleToFormatSentP99Ms()).isEqualTo(400);
		assertThat(live.checkIns()).isEqualTo(2);
		assertThat(live.p50Ms()).isEqualTo(250);
		assertThat(live.p99Ms()).isEqualTo(400);
		assertThat(live.toFormatSentP99Ms()).isEqualTo(900);
		assertThat(live.formatsMissing()).isEqualTo(1);
		assertThat(live.p99OverIdle()).isEqualTo(400.0 / 120);
		List<Target> targets = Target.evaluate(0.6, 1.2, live);
		assertThat(targets).extracting(Target::name)
			.containsExactly("ofRawLimit", "serverCpuOverRaw", "live.p99OverIdle", "live.p99Ms",
					"live.toFormatSentP99Ms");
		// 3.3 x its idle p99 (over 3), 400 ms (over 300), 900 ms
		assertThat(targets).extracting(Target::met).containsExactly(true, true, false, false, true);
	}

	@Test
	void anyPhaseNamedAtCheckInCountsOnItsOwn() {
		long ms = 1_000_000;
		List<LiveLane.Sample> samples = List.of(new LiveLane.Sample("k1", "steady", "a1", 0, 100 * ms, "APPLIED"),
				new LiveLane.Sample("k1", "rollout", "a2", 1000 * ms, 300 * ms, "DUPLICATE"),
				new LiveLane.Sample("k2", "rollout", "a3", 2000 * ms, 900 * ms, "PENDING"));
		Map<String, Long> formats = Map.of("a1", 200 * ms, "a2", 1500 * ms);
		LiveLane.PhaseLatency rollout = LiveLane.PhaseLatency.of(samples, formats, "rollout");
		assertThat(rollout.checkIns()).isEqualTo(2);
		assertThat(rollout.p50Ms()).isEqualTo(300);
		assertThat(rollout.p99Ms()).isEqualTo(900);
		// a3 was never applied, so it has no format: only a2's 500 ms
		assertThat(rollout.toFormatSentP99Ms()).isEqualTo(500);
		assertThat(LiveLane.PhaseLatency.of(samples, formats, "steady").toFormatSentP50Ms()).isEqualTo(200);
		assertThat(LiveLane.PhaseLatency.of(samples, formats, "herd").checkIns()).isZero();
		LiveLane.LiveLatency all = LiveLane.LiveLatency.of(2, samples, formats);
		assertThat(all.notApplied()).isEqualTo(1);
		assertThat(all.formatsMissing()).isZero();
	}

}
