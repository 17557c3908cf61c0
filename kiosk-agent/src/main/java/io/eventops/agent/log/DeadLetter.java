package io.eventops.agent.log;

import java.time.OffsetDateTime;

/**
 * An entry the edge refused as a whole request on its own: kept on the device for ops and
 * skipped by the flusher, so that it never blocks the queue.
 *
 * @param seq the entry's seq
 * @param idempotencyKey the entry's key
 * @param attendeeId the attendee of the entry (as stored)
 * @param status the HTTP status that condemned it
 * @param detail what the edge said
 * @param deadAt when it was dead-lettered
 */
public record DeadLetter(long seq, String idempotencyKey, String attendeeId, int status, String detail,
		OffsetDateTime deadAt) {
}
