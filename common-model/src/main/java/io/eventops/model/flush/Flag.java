package io.eventops.model.flush;

/**
 * Informational findings of the time rules; a flagged entry is still decided normally.
 */
public enum Flag {

	/** Captured more than the skew limit after it was queued. */
	CLOCK_SKEW,

	/** More entries per minute of capture time than a kiosk can physically take. */
	RATE_ANOMALY,

	/** The same attendee on the same kiosk within the tap window of capture time. */
	DOUBLE_TAP

}
