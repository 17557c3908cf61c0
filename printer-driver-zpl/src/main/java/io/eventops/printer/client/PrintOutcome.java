package io.eventops.printer.client;

/**
 * What is known about a label after a print attempt.
 */
public enum PrintOutcome {

	/**
	 * The printer confirmed it: the label was sent and the printer became idle and ready.
	 */
	PRINTED,

	/**
	 * The label may or may not have come out: the printer failed, faulted, went silent or
	 * did not finish in time after (part of) the format was sent. Never treat as printed.
	 */
	UNKNOWN,

	/**
	 * Nothing was sent: the printer could not be connected to, or it was not ready or
	 * still busy with another format, so the job can go elsewhere without risking a
	 * duplicate.
	 */
	NOT_SENT

}
