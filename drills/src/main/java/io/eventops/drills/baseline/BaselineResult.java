package io.eventops.drills.baseline;

import java.util.Map;

/**
 * What one baseline measured.
 *
 * @param name {@code raw} or {@code naive}
 * @param description how the entries were applied
 * @param entries entries applied
 * @param nanos how long it took
 * @param threads connections used in parallel
 * @param outcomes entries by outcome
 */
public record BaselineResult(String name, String description, long entries, long nanos, int threads,
		Map<String, Long> outcomes) {

	/**
	 * Entries per second.
	 * @return the rate
	 */
	public double entriesPerSecond() {
		return (this.nanos > 0) ? this.entries * 1e9 / this.nanos : 0;
	}

}
