package io.eventops.reconciler.checkin;

import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;

/**
 * What {@link BatchDecision} decided for one entry.
 *
 * @param outcome the outcome
 * @param reason the rejection reason, or {@code null}
 * @param field the offending field of an {@code INVALID_ENTRY}, or {@code null}
 * @param badgeJobId the badge job the entry created, or {@code null}
 * @param storedFingerprint the fingerprint the key is committed with (differs from the
 * entry's on key reuse), or {@code null} when nothing was committed for the key
 */
record EntryDecision(Outcome outcome, RejectionReason reason, String field, String badgeJobId,
		String storedFingerprint) {

	static EntryDecision of(Outcome outcome, String storedFingerprint) {
		return new EntryDecision(outcome, null, null, null, storedFingerprint);
	}

	static EntryDecision rejected(RejectionReason reason, String field, String storedFingerprint) {
		return new EntryDecision(Outcome.REJECTED, reason, field, null, storedFingerprint);
	}

}
