package io.eventops.agent.log;

/**
 * Thrown when a check-in is appended to a log that was found behind what the edge has
 * seen of its kiosk (restored from an older copy): its next seqs would reuse keys the
 * edge already holds with other check-ins (invariant 3).
 */
public class SequenceConflictException extends IllegalStateException {

	SequenceConflictException(String why) {
		super(why);
	}

}
