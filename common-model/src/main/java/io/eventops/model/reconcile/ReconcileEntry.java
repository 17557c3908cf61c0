package io.eventops.model.reconcile;

import java.util.List;

import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.Flag;
import io.eventops.model.flush.RejectionReason;

/**
 * One entry of a batch as the edge checked it: either a valid entry with its time-rule
 * flags, or an entry the edge already rejected ({@code INVALID_ENTRY},
 * {@code STALE_REPLAY}) that the reconciler must still quarantine and guard.
 *
 * @param seq the entry's seq (always valid: a bad seq fails the whole request at the
 * edge)
 * @param idempotencyKey the key as the kiosk sent it (may be missing or wrong when
 * rejected)
 * @param entry the parsed entry, or {@code null} when the edge could not parse it
 * @param rawEntry the entry's JSON exactly as received, kept for quarantine and audit
 * @param flags the edge's time-rule flags
 * @param rejection the edge's rejection, or {@code null} when the entry is valid
 * @param rejectionField the offending field of an {@code INVALID_ENTRY}
 */
public record ReconcileEntry(long seq, String idempotencyKey, FlushEntry entry, String rawEntry, List<Flag> flags,
		RejectionReason rejection, String rejectionField) {

	public ReconcileEntry {
		flags = (flags != null) ? List.copyOf(flags) : List.of();
		if (rejection == null && entry == null) {
			throw new IllegalArgumentException("a valid entry must be parsed");
		}
	}

	/**
	 * A valid entry.
	 * @param entry the parsed entry
	 * @param rawEntry its JSON as received
	 * @param flags its time-rule flags
	 * @return the batch entry
	 */
	public static ReconcileEntry valid(FlushEntry entry, String rawEntry, List<Flag> flags) {
		return new ReconcileEntry(entry.seq(), entry.idempotencyKey(), entry, rawEntry, flags, null, null);
	}

	/**
	 * An entry the edge rejected.
	 * @param seq its seq
	 * @param idempotencyKey its key as sent
	 * @param entry the parsed entry, if it could be parsed
	 * @param rawEntry its JSON as received
	 * @param flags its flags
	 * @param reason the rejection reason
	 * @param field the offending field, or {@code null}
	 * @return the batch entry
	 */
	public static ReconcileEntry rejected(long seq, String idempotencyKey, FlushEntry entry, String rawEntry,
			List<Flag> flags, RejectionReason reason, String field) {
		return new ReconcileEntry(seq, idempotencyKey, entry, rawEntry, flags, reason, field);
	}

	public boolean isValid() {
		return this.rejection == null;
	}

}
