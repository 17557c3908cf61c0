package io.eventops.model.flush;

/**
 * Why an entry was rejected for good (it is still acknowledged and quarantined).
 */
public enum RejectionReason {

	/** The attendee is not in the registry (yet): re-drivable after an import. */
	UNKNOWN_ATTENDEE,

	/** The attendee belongs to another event than the kiosk. */
	WRONG_EVENT,

	/** The entry broke the schema; {@code field} names what. */
	INVALID_ENTRY,

	/** The same idempotency key arrived with a different payload (invariant 3). */
	KEY_REUSE_MISMATCH,

	/** Queued long after capture: a device replaying history (invariant 5). */
	STALE_REPLAY

}
