package io.eventops.agent.log;

import java.time.OffsetDateTime;

import io.eventops.model.flush.EntryType;

/**
 * An entry this kiosk logged for an attendee, as a decision reads it.
 *
 * @param seq its seq
 * @param idempotencyKey its key
 * @param type its kind ({@code CHECK_IN} for entries logged before access control)
 * @param areaId its area, or {@code null} for an entry without one
 * @param capturedAt its capture time
 * @param annuls for an {@code ANNUL}, the key of the admission it undoes; else
 * {@code null}
 */
public record OwnEntry(long seq, String idempotencyKey, EntryType type, String areaId, OffsetDateTime capturedAt,
		String annuls) {
}
