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
 * @param areas an event with a policy: the attendee's entries per area (#35), by capture
 * time; {@code null} (absent) when the attendee has none
 */
public record AttendeeView(String attendeeId, String eventId, String displayName, String company, String tier,
		String ticketType, int credentialVersion, boolean checkedIn, WinningRecord winningRecord,
		List<HistoryEntry> history, List<BadgeJob> badgeJobs, List<AreaEntries> areas) {

	/**
	 * An attendee's entries at one area.
	 *
	 * @param areaId the area
	 * @param entries its entries, by capture time
	 */
	public record AreaEntries(String areaId, List<AreaEntry> entries) {
	}

	/**
	 * One entry at an area: what the kiosk decided and what the server judges.
	 *
	 * @param idempotencyKey the key
	 * @param type {@code CHECK_IN}, {@code EXIT}, {@code REFUSED}
	 * @param capturedAt when
	 * @param kioskDecision the kiosk's decision, or absent
	 * @param kioskReason the reason of the kiosk's refusal, or absent
	 * @param serverVerdict the server's verdict of an admission or refusal, or absent
	 * @param serverReason the reason the server refuses, or absent
	 * @param againstRules whether the admission is flagged {@code ADMITTED_AGAINST_RULES}
	 * @param annulledBy the key of the first annulment that undid this admission (#36),
	 * or absent
	 */
	public record AreaEntry(String idempotencyKey, String type, Instant capturedAt, String kioskDecision,
			String kioskReason, String serverVerdict, String serverReason, boolean againstRules, String annulledBy) {
	}

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
	 * @param annulled whether its admission was annulled (#36): withdrawn unless printed
	 */
	public record BadgeJob(String badgeJobId, int credentialVersion, boolean annulled) {
	}

}
