package io.eventops.drills.herd;

/**
 * The herd's shape.
 *
 * @param kiosks how many kiosks
 * @param entries entries queued per kiosk during the outage
 * @param attendees attendees in the registry
 * @param overlap fraction of entries for an attendee already checked in elsewhere (at
 * another kiosk, mostly)
 * @param replayFraction fraction of flush requests whose answer is lost, so the kiosk
 * resends the batch
 * @param stale entries in the whole herd replayed from history (captured long before they
 * were queued: rejected as {@code STALE_REPLAY})
 * @param batchSize entries per flush request
 * @param baselineThreads connections the baselines use in parallel
 * @param seed the seed of the data and the faults
 */
public record HerdPlan(int kiosks, int entries, int attendees, double overlap, double replayFraction, int stale,
		int batchSize, int baselineThreads, long seed) {

	public HerdPlan {
		if (kiosks < 1 || entries < 1 || attendees < 1 || batchSize < 1 || batchSize > 500 || baselineThreads < 1) {
			throw new IllegalArgumentException("kiosks, entries, attendees, threads >= 1 and batch size 1..500");
		}
		if (overlap < 0 || overlap > 1 || replayFraction < 0 || replayFraction > 1) {
			throw new IllegalArgumentException("overlap and replay fraction are within 0..1");
		}
	}

	long totalEntries() {
		return (long) this.kiosks * this.entries;
	}

}
