package io.eventops.model.flush;

/**
 * Kinds of kiosk log entries. Contract v1 knows {@link #CHECK_IN} only; the others come
 * with an event's access-control policy (issues #35 and #36). Every kind takes the one
 * exactly-once path of invariants 1–6.
 */
public enum EntryType {

	/**
	 * An admission: the attendee entered the entry's area (or checked in, without a
	 * policy).
	 */
	CHECK_IN,

	/** The attendee left the entry's area; never refused. */
	EXIT,

	/** Undoes the admission whose idempotency key the entry's {@code annuls} names. */
	ANNUL,

	/** The kiosk refused admission; audit only, it changes no count. */
	REFUSED

}
