package io.eventops.model.flush;

import java.time.OffsetDateTime;

/**
 * One kiosk log entry as it travels in a flush.
 *
 * <p>
 * The last four components come with an event's access-control policy (issues #35 and
 * #36) and are {@code null} for an event without one, as in contract v1.
 *
 * @param seq the kiosk's monotonic sequence number (at least 1)
 * @param idempotencyKey must equal {@code "{kioskId}:{seq}"}
 * @param type the entry kind
 * @param attendeeId 1–64 characters of {@code [A-Za-z0-9_.:-]}
 * @param capturedAt device clock at capture
 * @param queuedAt kiosk clock when the entry was durably written
 * @param badgePrintedLocally the kiosk already printed the badge on its own printer
 * @param badge optional attendee-typed overrides
 * @param areaId the area of a {@code CHECK_IN}, {@code EXIT} or {@code REFUSED} (the
 * kiosk's area), or {@code null} for the event's implicit area
 * @param policyVersion the policy version the kiosk decided under, or {@code null} when
 * it had none
 * @param kioskDecision what the kiosk decided for a {@code CHECK_IN} or {@code REFUSED},
 * or {@code null} when it had no policy
 * @param annuls the idempotency key of the admission an {@code ANNUL} undoes;
 * {@code null} for every other kind
 */
public record FlushEntry(long seq, String idempotencyKey, EntryType type, String attendeeId, OffsetDateTime capturedAt,
		OffsetDateTime queuedAt, boolean badgePrintedLocally, BadgeOverrides badge, String areaId, Long policyVersion,
		KioskDecision kioskDecision, String annuls) {

	/**
	 * An entry of contract v1: no area, no policy, no annulment.
	 * @param seq the seq
	 * @param idempotencyKey the key
	 * @param type the kind
	 * @param attendeeId the attendee
	 * @param capturedAt capture time
	 * @param queuedAt queue time
	 * @param badgePrintedLocally printed at the kiosk
	 * @param badge overrides or {@code null}
	 */
	public FlushEntry(long seq, String idempotencyKey, EntryType type, String attendeeId, OffsetDateTime capturedAt,
			OffsetDateTime queuedAt, boolean badgePrintedLocally, BadgeOverrides badge) {
		this(seq, idempotencyKey, type, attendeeId, capturedAt, queuedAt, badgePrintedLocally, badge, null, null, null,
				null);
	}

	/**
	 * The canonical idempotency key of a kiosk entry.
	 * @param kioskId the kiosk
	 * @param seq the entry's sequence number
	 * @return {@code "{kioskId}:{seq}"}
	 */
	public static String keyOf(String kioskId, long seq) {
		return kioskId + ":" + seq;
	}

}
