package io.eventops.orchestrator.ledger;

import java.time.Instant;
import java.util.UUID;

import io.eventops.printer.client.ConfirmationMode;

/**
 * One row of the print ledger: a badge job, its badge text and where it stands.
 *
 * @param jobId the reconciler's badge job id
 * @param attendeeId the attendee
 * @param eventId the event
 * @param credentialVersion the credential the badge carries
 * @param printerPool the pool that prints it
 * @param displayName the name on the badge
 * @param company the company line, may be null
 * @param tier the tier, may be null
 * @param printerId the printer it is assigned to, null while PENDING
 * @param state where it stands
 * @param attempts how often it was sent to a printer
 * @param possibleDuplicate whether a printer may have printed it before it was sent again
 * (invariant 8)
 * @param createdAt when the reconciler created the job
 * @param printedAt when a printer confirmed it
 * @param confirmedBy what proved the label out, null unless PRINTED (HOST_STATUS is the
 * weaker fallback)
 * @param labelCountBefore the printer's label counter read before the current attempt's
 * send, null when not read (a printer without the counter, or not sent yet)
 */
public record PrintJob(UUID jobId, String attendeeId, String eventId, int credentialVersion, String printerPool,
		String displayName, String company, String tier, String printerId, JobState state, int attempts,
		boolean possibleDuplicate, Instant createdAt, Instant printedAt, ConfirmationMode confirmedBy,
		Long labelCountBefore) {

	/**
	 * Whether the job was sent and not confirmed: the one job a printer may hold
	 * unconfirmed.
	 * @return true for PRINTING and UNKNOWN_OUTCOME
	 */
	public boolean unconfirmed() {
		return this.state == JobState.PRINTING || this.state == JobState.UNKNOWN_OUTCOME;
	}

}
