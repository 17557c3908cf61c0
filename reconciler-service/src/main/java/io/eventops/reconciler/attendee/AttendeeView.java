package io.eventops.reconciler.attendee;

import java.time.Instant;
import java.util.List;

/**
 * What ops see of one attendee: effective badge values, the winning record, the history
 * of every key that named the attendee, and the badge jobs.
 *
 * @param attendeeId the attendee
 * @param eventId the event
 * @param displayName effective: registry, then kiosk overrides of the winning record,
 * then desk corrections
 * @param company effective, likewise
 * @param tier effective, likewise
 * @param ticketType the ticket type (the policy's first when imported without one), or
 * {@code null} (and absent) for an event without a policy
 * @param credentialVersion the current credential
 * @param checkedIn whether a check-in holds
 * @param winningRecord the record that holds, or {@code null}
 * @param history every processed key that named the attendee, oldest first
 * @param badgeJobs the badge jobs, one per credential
 */
public record AttendeeView(String attendeeId, String eventId, String displayName, String company, String tier,
		String ticketType, int credentialVersion, boolean checkedIn, WinningRecord winningRecord,
		List<HistoryEntry> history, List<BadgeJob> badgeJobs) {

	/**
	 * The record that holds for an attendee.
	 *
	 * @param origin {@code KIOSK} or {@code DESK}
	 * @param sourceId the kiosk id, or {@code desk}
	 * @param seq the source's seq
	 * @param capturedAt when it was captured
	 */
	public record WinningRecord(String origin, String sourceId, long seq, Instant capturedAt) {
	}

	/**
	 * One processed key.
	 *
	 * @param idempotencyKey the key
	 * @param outcome its outcome
	 * @param reason the rejection reason, if any
	 * @param receivedAt when it was first processed
	 */
	public record HistoryEntry(String idempotencyKey, String outcome, String reason, Instant receivedAt) {
	}

	/**
	 * One badge job.
	 *
	 * @param badgeJobId the job
	 * @param credentialVersion the credential it prints
	 */
	public record BadgeJob(String badgeJobId, int credentialVersion) {
	}

}
