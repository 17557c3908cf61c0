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
	STALE_REPLAY,

	/**
	 * An {@code ANNUL} names a key the server has no movement of for this attendee (yet):
	 * re-drivable once the admission has arrived (#36).
	 */
	ANNULS_UNKNOWN_ENTRY,

	/**
	 * An {@code ANNUL} names an entry that is no admission (an exit, a refusal, another
	 * annulment): only a {@code CHECK_IN} can be undone (#36).
	 */
	ANNULS_NO_ADMISSION,

	/**
	 * An {@code ANNUL} for an event without an access-control policy, which keeps no
	 * movements to undo: re-drivable once the event has a policy, whose first save turns
	 * the check-ins into movements (#36).
	 */
	ANNUL_WITHOUT_POLICY

}
