package io.eventops.model.flush;

import java.util.List;

/**
 * The outcome of one entry of a flush, in the request's order.
 *
 * @param seq the entry's seq
 * @param idempotencyKey the entry's key as sent
 * @param outcome what happened
 * @param reason why, for {@link Outcome#REJECTED}; otherwise {@code null}
 * @param field the offending field, for {@link RejectionReason#INVALID_ENTRY}
 * @param badgeJobId the badge job this entry created, if it created one
 * @param flags informational time-rule findings
 */
public record EntryResult(long seq, String idempotencyKey, Outcome outcome, RejectionReason reason, String field,
		String badgeJobId, List<Flag> flags) {

	public EntryResult {
		flags = (flags != null) ? List.copyOf(flags) : List.of();
	}

	/**
	 * A result without a rejection reason or badge job.
	 * @param seq the entry's seq
	 * @param key the entry's key
	 * @param outcome the outcome
	 * @param flags the flags
	 * @return the result
	 */
	public static EntryResult of(long seq, String key, Outcome outcome, List<Flag> flags) {
		return new EntryResult(seq, key, outcome, null, null, null, flags);
	}

	/**
	 * A rejection.
	 * @param seq the entry's seq
	 * @param key the entry's key
	 * @param reason why
	 * @param field the offending field or {@code null}
	 * @param flags the flags
	 * @return the result
	 */
	public static EntryResult rejected(long seq, String key, RejectionReason reason, String field, List<Flag> flags) {
		return new EntryResult(seq, key, Outcome.REJECTED, reason, field, null, flags);
	}

}
