package io.eventops.rules.policy;

/**
 * When an attendee who was admitted to an area may be admitted to it again.
 */
public enum Reentry {

	/** One admission to the area, ever. */
	ONCE,

	/** One admission to the area per local day of the event. */
	ONCE_PER_DAY,

	/** Again only after an exit from the area (or its automatic check-out). */
	AFTER_EXIT,

	/** Any number of admissions. */
	ANY

}
