package io.eventops.reconciler.claim;

/**
 * What Redis said about one idempotency key when a batch tried to claim it.
 */
public sealed interface ClaimState {

	/** This request holds the lease now. */
	record Claimed() implements ClaimState {
	}

	/** The key was committed before, with the given payload fingerprint. */
	record Done(String fingerprint) implements ClaimState {
	}

	/** Another request holds a live lease. */
	record Leased() implements ClaimState {
	}

	/** Redis did not answer: the PostgreSQL guard alone decides (still exactly-once). */
	record Unavailable() implements ClaimState {
	}

	/**
	 * Reads the previous value that {@code SET … NX GET} returned.
	 * @param previous the value, or empty when the key was free
	 * @return the state
	 */
	static ClaimState ofPrevious(String previous) {
		if (previous == null || previous.isEmpty()) {
			return new Claimed();
		}
		if (previous.startsWith(ClaimStore.DONE_PREFIX)) {
			return new Done(previous.substring(ClaimStore.DONE_PREFIX.length()));
		}
		return new Leased();
	}

}
