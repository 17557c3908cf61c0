package io.eventops.reconciler.stream;

/**
 * What happened to an attendee, as a kiosk cache needs to know it.
 */
public enum ChangeKind {

	/** New in the registry. */
	REGISTERED,

	/** Registry data or the winning kiosk record changed. */
	UPDATED,

	/** Checked in for the first time. */
	CHECKED_IN,

	/** Corrected at the help desk. */
	CORRECTED,

	/** A new credential was issued (a reprint). */
	CREDENTIAL_REISSUED,

	/** A new version of the event's access-control policy (no attendee; issue #35). */
	POLICY,

	/**
	 * The attendee's personal data was erased (issue #38): the attendee carries none any
	 * more, and a kiosk cache deletes what it holds of it.
	 */
	ERASED

}
