package io.eventops.orchestrator.ledger;

/**
 * Where a badge job stands in the print ledger.
 */
public enum JobState {

	/** In the ledger, not yet on a printer's queue (no UP printer in its pool). */
	PENDING,

	/** On a printer's queue (or about to be pushed there). */
	QUEUED,

	/** Sent to a printer, confirmation awaited. */
	PRINTING,

	/** The printer confirmed the label (invariant 8). */
	PRINTED,

	/**
	 * The label may or may not have come out; resolved by the printer's next clean probe
	 * or by failover.
	 */
	UNKNOWN_OUTCOME,

	/**
	 * A reprint issued the attendee a newer credential before this job's label came out:
	 * it is never sent (again), so a revoked badge does not come out.
	 */
	WITHDRAWN

}
