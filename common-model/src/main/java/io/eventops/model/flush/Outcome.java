package io.eventops.model.flush;

/**
 * What became of one flushed entry; every outcome but {@link #IN_FLIGHT} is final and
 * acknowledged (invariant 6).
 */
public enum Outcome {

	/** Became the attendee's winning record. */
	APPLIED,

	/** The idempotency key was already processed with the same payload: a no-op. */
	DUPLICATE,

	/** A record with a higher ordering key already holds for the attendee: a no-op. */
	STALE,

	/** Refused for good and kept in quarantine for ops. */
	REJECTED,

	/** Another request is processing the same key right now; the kiosk must retry. */
	IN_FLIGHT;

	/**
	 * Whether a kiosk may advance its watermark over an entry with this outcome.
	 * @return {@code true} for every outcome but {@link #IN_FLIGHT}
	 */
	public boolean isFinal() {
		return this != IN_FLIGHT;
	}

}
