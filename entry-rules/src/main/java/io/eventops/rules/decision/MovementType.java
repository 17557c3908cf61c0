package io.eventops.rules.decision;

/**
 * What a movement recorded: the entry types of access control.
 */
public enum MovementType {

	/** An admission to an area. */
	CHECK_IN,

	/** A way out of an area. */
	EXIT,

	/** Undoes an admission, named by its idempotency key. */
	ANNUL,

	/** A refused attempt, kept for audit: it changes no count. */
	REFUSED

}
