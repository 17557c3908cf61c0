package io.eventops.reconciler.checkin;

import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.ordering.OrderingKey;
import io.eventops.model.reconcile.ReconcileEntry;

/**
 * One entry of a batch with what the batch path derives from it: its canonical key,
 * payload fingerprint and ordering key.
 *
 * @param index position in the request
 * @param entry the entry as the edge checked it
 * @param key the canonical idempotency key {@code {kioskId}:{seq}}
 * @param fingerprint the payload fingerprint
 */
record BatchItem(int index, ReconcileEntry entry, String key, String fingerprint) {

	static BatchItem of(int index, String kioskId, ReconcileEntry entry) {
		return new BatchItem(index, entry, FlushEntry.keyOf(kioskId, entry.seq()), EntryFingerprint.of(entry));
	}

	/**
	 * This entry as PostgreSQL could not store it: rejected (with the edge's reason when
	 * the edge already rejected it, else {@code INVALID_ENTRY}), nothing applied, under
	 * the same key and fingerprint, so that a replay of it is a {@code DUPLICATE}.
	 * @param field the field to name when the edge had not rejected it
	 * @param rawEntry the JSON to quarantine
	 * @return the rejected entry
	 */
	BatchItem poisoned(String field, String rawEntry) {
		RejectionReason reason = this.entry.isValid() ? RejectionReason.INVALID_ENTRY : this.entry.rejection();
		String rejectedField = this.entry.isValid() ? field : this.entry.rejectionField();
		return new BatchItem(this.index, ReconcileEntry.rejected(this.entry.seq(), this.entry.idempotencyKey(), null,
				rawEntry, this.entry.flags(), reason, rejectedField), this.key, this.fingerprint);
	}

	String attendeeId() {
		return (this.entry.entry() != null) ? this.entry.entry().attendeeId() : null;
	}

	/**
	 * Whether the entry is an admission ({@code CHECK_IN}, as every entry of contract v1
	 * is).
	 * @return whether it competes for the attendee's check-in
	 */
	boolean isAdmission() {
		FlushEntry parsed = this.entry.entry();
		return parsed == null || parsed.type() == null || parsed.type() == EntryType.CHECK_IN;
	}

	OrderingKey orderingKey(String kioskId) {
		return OrderingKey.kiosk(kioskId, this.entry.seq());
	}

}
