package io.eventops.reconciler.web;

import io.eventops.web.Refusal;

/**
 * The reconciler's problem types: the stable last segment of each problem's {@code type}
 * URI.
 */
public enum ReconcilerProblem implements Refusal.Type {

	VALIDATION("validation"),

	NOT_FOUND("not-found"),

	INVALID_EVENT("invalid-event"),

	ATTENDEE_IN_OTHER_EVENT("attendee-in-other-event"),

	INVALID_CSV("invalid-csv"),

	INVALID_BATCH("invalid-batch"),

	TOO_MANY_ENTRIES("too-many-entries"),

	INVALID_EXPIRY("invalid-expiry"),

	UNKNOWN_ATTENDEES("unknown-attendees"),

	NOT_REPLACEABLE("not-replaceable"),

	MISSING_CLIENT_SUBMISSION_ID("missing-client-submission-id"),

	ALREADY_USED("already-used"),

	IN_FLIGHT("in-flight"),

	AREA_FULL("area-full"),

	NOT_IN_CODE("not-in-code"),

	WRONG_EVENT("wrong-event"),

	REPLACED("replaced"),

	EXPIRED("expired"),

	RETRY("retry"),

	BATCH_NOT_STORED("batch-not-stored"),

	UNKNOWN_CODE("unknown-code"),

	EMPTY_CORRECTION("empty-correction"),

	NOT_CHECKED_IN("not-checked-in"),

	NOTHING_TO_ANNUL("nothing-to-annul"),

	IDEMPOTENCY_KEY_REUSED("idempotency-key-reused"),

	INVALID_STREAM_REQUEST("invalid-stream-request"),

	RESYNC("resync"),

	ATTENDEE_ERASED("attendee-erased"),

	INVALID_EXPORT_FORMAT("invalid-export-format"),

	INVALID_QUERY("invalid-query");

	private final String slug;

	ReconcilerProblem(String slug) {
		this.slug = slug;
	}

	@Override
	public String slug() {
		return this.slug;
	}

}
