package io.eventops.agent;

import java.time.OffsetDateTime;

/**
 * Proof that a check-in is committed to the kiosk's disk: what it was stamped with.
 *
 * @param seq the kiosk's monotonic sequence number
 * @param idempotencyKey {@code "{kioskId}:{seq}"}
 * @param capturedAt the capture time as recorded
 * @param queuedAt when it was durably written
 */
public record CheckInReceipt(long seq, String idempotencyKey, OffsetDateTime capturedAt, OffsetDateTime queuedAt) {
}
