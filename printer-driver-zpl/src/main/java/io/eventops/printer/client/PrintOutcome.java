package io.eventops.printer.client;

/**
 * What is known about a label after a print attempt.
 */
public enum PrintOutcome {

	/**
	 * The printer confirmed it: its label counter moved by the job's labels, or (a
	 * printer without the counter) {@code ~HS} showed the format busy and then idle and
	 * ready.
	 */
	PRINTED,

	/**
	 * The label may or may not have come out: the printer failed, faulted, went silent or
	 * did not finish in time after (part of) the format was sent, or the confirmation was
	 * abandoned. Never treat as printed.
	 */
	UNKNOWN,

	/**
	 * The format was sent and the printer dropped it without printing: idle and ready,
	 * its label counter unmoved (a jam cleared with CANCEL, a {@code ~JA}, a restart). It
	 * will not come out, so it can be sent again without risking a duplicate.
	 */
	DROPPED,

	/**
	 * Nothing was sent: the printer could not be connected to, or it was not ready or
	 * still busy with another format, so the job can go elsewhere without risking a
	 * duplicate.
	 */
	NOT_SENT

}
