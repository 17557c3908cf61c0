package io.eventops.reconciler.checkin;

import io.eventops.model.flush.FlushEntry;
import io.eventops.model.ordering.OrderingKey;
import io.eventops.model.reconcile.ReconcileEntry;

/**
 * One entry of a batch with what the batch path derives from it: its canonical key,
 * payload fingerprint and ordering key.
 *
 * @param index position in the request
 * @param entry the entry as the edge judged it
 * @param key the canonical idempotency key {@code {kioskId}:{seq}}
 * @param fingerprint the payload fingerprint
 */
record BatchItem(int index, ReconcileEntry entry, String key, String fingerprint) {

	static BatchItem of(int index, String kioskId, ReconcileEntry entry) {
		return new BatchItem(index, entry, FlushEntry.keyOf(kioskId, entry.seq()), EntryFingerprint.of(entry));
	}

	String attendeeId() {
		return (this.entry.entry() != null) ? this.entry.entry().attendeeId() : null;
	}

	OrderingKey orderingKey(String kioskId) {
		return OrderingKey.kiosk(kioskId, this.entry.seq());
	}

}
