package io.eventops.model.flush;

/**
 * Kinds of kiosk log entries; check-ins are the only kind in contract v1.
 */
public enum EntryType {

	/** An attendee checked in at the kiosk. */
	CHECK_IN

}
