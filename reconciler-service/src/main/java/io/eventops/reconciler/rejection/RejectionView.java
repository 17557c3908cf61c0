package io.eventops.reconciler.rejection;

import java.time.Instant;

import tools.jackson.databind.JsonNode;

/**
 * One quarantined entry.
 *
 * @param id the rejection id
 * @param kioskId the kiosk that sent it
 * @param idempotencyKey its canonical key
 * @param reason why it was rejected
 * @param field the offending field of an {@code INVALID_ENTRY}
 * @param entry the raw entry as received
 * @param rejectedAt when
 * @param redrivenAt when ops last re-drove it, or {@code null}
 * @param redriveOutcome the outcome of that re-drive, or {@code null}
 */
record RejectionView(long id, String kioskId, String idempotencyKey, String reason, String field, JsonNode entry,
		Instant rejectedAt, Instant redrivenAt, String redriveOutcome) {
}
