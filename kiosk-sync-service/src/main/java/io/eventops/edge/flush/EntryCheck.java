package io.eventops.edge.flush;

import io.eventops.model.flush.FlushEntry;

/**
 * The schema check of one entry: either the parsed entry, or the first offending field.
 *
 * @param entry the parsed entry, or {@code null} when invalid
 * @param keyAsSent the idempotency key as the kiosk sent it, if it was a string
 * @param invalidField the offending field, or {@code null} when valid
 */
record EntryCheck(FlushEntry entry, String keyAsSent, String invalidField) {

	static EntryCheck valid(FlushEntry entry) {
		return new EntryCheck(entry, entry.idempotencyKey(), null);
	}

	static EntryCheck invalid(String keyAsSent, String field) {
		return new EntryCheck(null, keyAsSent, field);
	}

	boolean isValid() {
		return this.invalidField == null;
	}

}
