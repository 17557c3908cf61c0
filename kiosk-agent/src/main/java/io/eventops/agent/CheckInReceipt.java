package io.eventops.agent;

import java.time.OffsetDateTime;

/**
 * Proof that an entry is committed to the kiosk's disk: what it was stamped with. Without
 * an event policy the entry is a check-in; under one it is the kiosk's decision of the
 * scan, which may be a {@code REFUSED} entry that checks nobody in (issue #35: the CLI
 * says which; {@link KioskAgent#pass} gives the decision itself).
 *
 * @param seq the kiosk's monotonic sequence number
 * @param idempotencyKey {@code "{kioskId}:{seq}"}
 * @param capturedAt the capture time as recorded
 * @param queuedAt when it was durably written
 */
public record CheckInReceipt(long seq, String idempotencyKey, OffsetDateTime capturedAt, OffsetDateTime queuedAt) {
}
