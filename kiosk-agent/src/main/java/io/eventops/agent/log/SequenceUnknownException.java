package io.eventops.agent.log;

/**
 * Thrown when a check-in is appended to a log that has not yet learned where its sequence
 * continues: appending then could reuse a key of an earlier installation (invariant 3).
 */
public class SequenceUnknownException extends IllegalStateException {

	SequenceUnknownException(String kioskId) {
		super("The log of kiosk " + kioskId
				+ " does not know its sequence yet: it must ask the edge's sync-state once before the first check-in");
	}

}
