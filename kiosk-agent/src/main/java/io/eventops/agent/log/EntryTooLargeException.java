package io.eventops.agent.log;

/**
 * Thrown when a check-in would exceed the entry size cap: refused at append, so that an
 * oversized entry can never sit in the queue and fail every batch it is part of.
 */
public class EntryTooLargeException extends IllegalArgumentException {

	EntryTooLargeException(int size, int cap) {
		super("Entry of " + size + " bytes exceeds the cap of " + cap + " bytes; nothing was written");
	}

}
