package io.eventops.agent.log;

import java.time.OffsetDateTime;

/**
 * The persisted bookkeeping of a log.
 *
 * @param kioskId the kiosk the log belongs to
 * @param lastSeq the highest seq ever assigned (survives truncation)
 * @param lastAckedSeq the watermark: the edge acknowledged every entry up to it
 * @param sequenceKnown whether the log learned where its sequence starts
 * @param lastError the last flush error, or {@code null} after a success
 * @param lastErrorAt when it happened
 * @param lastSuccessAt the last successful exchange with the edge
 * @param sequenceConflict why the log must not be written or sent any more (it is behind
 * what the edge has seen of this kiosk), or {@code null}
 */
public record LogState(String kioskId, long lastSeq, long lastAckedSeq, boolean sequenceKnown, String lastError,
		OffsetDateTime lastErrorAt, OffsetDateTime lastSuccessAt, String sequenceConflict) {
}
