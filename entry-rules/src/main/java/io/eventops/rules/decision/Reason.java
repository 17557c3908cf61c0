package io.eventops.rules.decision;

/**
 * Why an attempt is refused: the fixed list, in the order {@link EntryDecider} checks
 * them (the first that applies is the reason).
 */
public enum Reason {

	/** The area does not admit the ticket type (or the policy knows neither). */
	TICKET_NOT_VALID_HERE,

	/** The ticket type is not valid on the capture's local date. */
	NOT_VALID_TODAY,

	/** The capture is outside every opening window of the area, tolerance included. */
	AREA_CLOSED,

	/** The area's re-entry policy forbids another admission. */
	ALREADY_ENTERED,

	/** The last admission here is more recent than the area's minimum gap. */
	TOO_SOON,

	/** The area's rule is false (or failed) for this attempt. */
	RULE,

	/** The area holds its capacity. */
	AREA_FULL

}
