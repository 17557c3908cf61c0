package io.eventops.agent.simulate;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.eventops.agent.http.WireFormat;

/**
 * The end of a simulation: per kiosk and in total, what was recorded, acknowledged, left
 * pending or dead-lettered, and whether the fleet drained.
 *
 * @param kiosks per-kiosk results
 * @param checkIns check-ins recorded
 * @param acknowledged entries the edge acknowledged
 * @param pending entries still on devices
 * @param deadLetters entries dead-lettered
 * @param outcomes last outcome per entry, counted over the fleet
 * @param drained whether every log drained within the drain timeout
 * @param elapsed the whole run, generation and drain
 * @param drainTime from the end of generation to drained (or the timeout)
 */
public record SimulationSummary(List<KioskResult> kiosks, long checkIns, long acknowledged, long pending,
		long deadLetters, Map<String, Long> outcomes, boolean drained, Duration elapsed, Duration drainTime) {

	/**
	 * One virtual kiosk's result.
	 *
	 * @param kioskId the kiosk
	 * @param checkIns check-ins recorded
	 * @param failedCheckIns check-ins the agent refused (none expected)
	 * @param watermark its final watermark
	 * @param lastSeq its highest seq
	 * @param pending entries left
	 * @param deadLetters entries dead-lettered
	 * @param rounds flush rounds run by its loop
	 * @param failedRounds rounds that ended in a failure
	 */
	public record KioskResult(String kioskId, long checkIns, long failedCheckIns, long watermark, long lastSeq,
			long pending, long deadLetters, long rounds, long failedRounds) {
	}

	static SimulationSummary of(List<KioskResult> kiosks, Map<String, Long> outcomes, boolean drained, Duration elapsed,
			Duration drainTime) {
		long checkIns = kiosks.stream().mapToLong(KioskResult::checkIns).sum();
		long pending = kiosks.stream().mapToLong(KioskResult::pending).sum();
		long dead = kiosks.stream().mapToLong(KioskResult::deadLetters).sum();
		long acknowledged = outcomes.values().stream().mapToLong(Long::longValue).sum();
		return new SimulationSummary(kiosks, checkIns, acknowledged, pending, dead, new TreeMap<>(outcomes), drained,
				elapsed, drainTime);
	}

	/**
	 * Whether nothing was lost on the device side: every recorded check-in was
	 * acknowledged or dead-lettered, none is pending.
	 * @return {@code true} when nothing is unaccounted for
	 */
	public boolean nothingLost() {
		return this.drained && this.pending == 0 && this.acknowledged + this.deadLetters == this.checkIns;
	}

	/**
	 * The summary as JSON (for drills).
	 * @return the JSON
	 */
	public String toJson() {
		return WireFormat.write(this);
	}

	/**
	 * The summary as a table.
	 * @return the text
	 */
	public String toText() {
		StringBuilder text = new StringBuilder();
		text.append(String.format("%-24s %9s %9s %9s %7s %5s %7s %7s%n", "kiosk", "check-ins", "watermark", "last seq",
				"pending", "dead", "rounds", "failed"));
		for (KioskResult kiosk : this.kiosks) {
			text.append(String.format("%-24s %9d %9d %9d %7d %5d %7d %7d%n", kiosk.kioskId(), kiosk.checkIns(),
					kiosk.watermark(), kiosk.lastSeq(), kiosk.pending(), kiosk.deadLetters(), kiosk.rounds(),
					kiosk.failedRounds()));
		}
		text.append(String.format("%nkiosks %d, check-ins %d, acknowledged %d, pending %d, dead letters %d%n",
				this.kiosks.size(), this.checkIns, this.acknowledged, this.pending, this.deadLetters));
		text.append("outcomes ").append(this.outcomes).append('\n');
		text.append(String.format("drained %s in %d ms after generation; elapsed %d ms; nothing lost: %s%n",
				this.drained, this.drainTime.toMillis(), this.elapsed.toMillis(), nothingLost()));
		return text.toString();
	}

}
