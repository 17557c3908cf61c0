package io.eventops.rules.decision;

/**
 * The answer at the door.
 */
public enum Verdict {

	/** Let the attendee in. */
	ADMIT,

	/** Keep the attendee out, for one {@link Reason}. */
	REFUSE

}
