package io.eventops.model.flush;

import java.time.OffsetDateTime;

/**
 * One kiosk log entry as it travels in a flush.
 *
 * @param seq the kiosk's monotonic sequence number (at least 1)
 * @param idempotencyKey must equal {@code "{kioskId}:{seq}"}
 * @param type the entry kind
 * @param attendeeId 1–64 characters of {@code [A-Za-z0-9_.:-]}
 * @param capturedAt device clock at capture
 * @param queuedAt kiosk clock when the entry was durably written
 * @param badgePrintedLocally the kiosk already printed the badge on its own printer
 * @param badge optional attendee-typed overrides
 */
public record FlushEntry(long seq, String idempotencyKey, EntryType type, String attendeeId, OffsetDateTime capturedAt,
		OffsetDateTime queuedAt, boolean badgePrintedLocally, BadgeOverrides badge) {

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
