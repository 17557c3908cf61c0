package io.eventops.agent.log;

import java.time.OffsetDateTime;

/**
 * One committed entry of the log, as it will be sent.
 *
 * @param seq the kiosk's monotonic sequence number
 * @param idempotencyKey {@code "{kioskId}:{seq}"}
 * @param attendeeId the attendee checked in
 * @param capturedAt device clock at capture
 * @param queuedAt kiosk clock when the entry was durably written
 * @param payload the entry's wire JSON, fixed at append
 */
public record LogEntry(long seq, String idempotencyKey, String attendeeId, OffsetDateTime capturedAt,
		OffsetDateTime queuedAt, byte[] payload) {
}
