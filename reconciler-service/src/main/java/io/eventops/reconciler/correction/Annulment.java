package io.eventops.reconciler.correction;

import java.time.Instant;

/**
 * An annulment ops asked for, as answered the first time and every time again (#36).
 *
 * @param idempotencyKey the client's key
 * @param attendeeId whose admission
 * @param annulledKey the idempotency key of the admission it undid
 * @param annulmentKey the key of the server-issued {@code ANNUL} entry that undid it
 * @param reason why
 * @param annulledAt when the server recorded it
 */
record Annulment(String idempotencyKey, String attendeeId, String annulledKey, String annulmentKey, String reason,
		Instant annulledAt) {
}
