package io.eventops.edge.web;

import io.eventops.web.ProblemResponses;
import io.eventops.web.Refusal;

import java.time.Duration;
import java.util.List;

/**
 * The edge's refusals: a {@link Refusal} of a kind and an {@link EdgeProblem}, with a
 * {@code Retry-After} for the retryable ones; free of HTTP (service-web maps the kind to
 * the status).
 */
public class EdgeException extends Refusal {

	private EdgeException(Kind kind, EdgeProblem type, String title, String detail,
			List<ProblemResponses.FieldError> errors, Duration retryAfter) {
		super(kind, type, title, detail, errors, retryAfter);
	}

	public static EdgeException badRequest(String field, String message) {
		return new EdgeException(Kind.MALFORMED, EdgeProblem.MALFORMED_FLUSH, "Malformed request",
				"The request is not a valid flush; nothing was applied.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException tooLarge(long limit) {
		return new EdgeException(Kind.TOO_LARGE, EdgeProblem.TOO_LARGE, "Request too large",
				"This request's body carries at most " + limit + " bytes; nothing was applied.", List.of(), null);
	}

	public static EdgeException bodyTooSlow(Duration timeout) {
		return new EdgeException(Kind.TOO_SLOW, EdgeProblem.BODY_TOO_SLOW, "Request body too slow",
				"The request's body did not arrive within " + timeout.toMillis() + " ms; nothing was applied.",
				List.of(), null);
	}

	public static EdgeException tooManyEntries(int limit) {
		return new EdgeException(Kind.INVALID, EdgeProblem.TOO_MANY_ENTRIES, "Too many entries",
				"A flush carries at most " + limit + " entries; nothing was applied.",
				List.of(new ProblemResponses.FieldError("entries", "at most " + limit + " entries")), null);
	}

	public static EdgeException rateLimited(Duration retryAfter) {
		return new EdgeException(Kind.THROTTLED, EdgeProblem.RATE_LIMITED, "Too many requests",
				"This kiosk is over its request rate; retry after the indicated delay.", List.of(), retryAfter);
	}

	public static EdgeException kioskBusy(int limit, Duration retryAfter) {
		return new EdgeException(Kind.THROTTLED, EdgeProblem.KIOSK_BUSY, "Too many flushes in flight",
				"This kiosk already has " + limit
						+ " flushes in flight here; nothing of this one was read. Retry after the indicated delay.",
				List.of(), retryAfter);
	}

	public static EdgeException unavailable(Duration retryAfter) {
		return new EdgeException(Kind.UNAVAILABLE, EdgeProblem.RECONCILER_UNAVAILABLE, "Service unavailable",
				"The check-in service is unavailable; nothing was acknowledged. Retry after the indicated delay.",
				List.of(), retryAfter);
	}

	public static EdgeException tooManyStreams(int limit, Duration retryAfter) {
		return new EdgeException(Kind.THROTTLED, EdgeProblem.TOO_MANY_STREAMS, "Too many open streams",
				"This kiosk already holds " + limit
						+ " long polls or change streams open; retry after the indicated delay or close one.",
				List.of(), retryAfter);
	}

	public static EdgeException streamsFull(Duration retryAfter) {
		return new EdgeException(Kind.UNAVAILABLE, EdgeProblem.STREAMS_FULL, "No stream slot free",
				"This server holds as many long polls and change streams as it can; retry after the indicated delay.",
				List.of(), retryAfter);
	}

	public static EdgeException malformedStreamRequest(String field, String message) {
		return new EdgeException(Kind.MALFORMED, EdgeProblem.MALFORMED_STREAM_REQUEST, "Malformed changes request",
				"The request is not a valid snapshot, changes or stream request.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException malformedExpressCode() {
		return new EdgeException(Kind.MALFORMED, EdgeProblem.MALFORMED_EXPRESS_CODE, "Malformed express code",
				"An express code is 10 characters of 0-9 and A-Z without U (case, hyphens and spaces do not matter,"
						+ " I and L read as 1, O as 0); nothing was redeemed.",
				List.of(new ProblemResponses.FieldError("code", "not an express code")), null);
	}

	public static EdgeException malformedRedemption(String field, String message) {
		return new EdgeException(Kind.MALFORMED, EdgeProblem.MALFORMED_REDEMPTION, "Malformed redemption",
				"The request is not a valid express-code redemption; nothing was redeemed.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException malformedAdmissionCheck(String field, String message) {
		return new EdgeException(Kind.MALFORMED, EdgeProblem.MALFORMED_ADMISSION_CHECK, "Malformed admission check",
				"The request is not an admission check.", List.of(new ProblemResponses.FieldError(field, message)),
				null);
	}

	public static EdgeException invalidAdmissionCheck(String field, String message) {
		return new EdgeException(Kind.INVALID, EdgeProblem.MALFORMED_ADMISSION_CHECK, "Invalid admission check",
				"The admission check names no attendee or no capture time it can be decided for.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException malformedAllowanceRequest(String field, String message) {
		return new EdgeException(Kind.INVALID, EdgeProblem.MALFORMED_ALLOWANCE_REQUEST, "Invalid allowance request",
				"The request names no grant or seq an allowance can be renewed from; nothing was granted.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException malformedHeartbeat(String header, String message) {
		return new EdgeException(Kind.MALFORMED, EdgeProblem.MALFORMED_HEARTBEAT, "Malformed heartbeat",
				"A heartbeat header of the request is not what the kiosk agent sends; nothing was applied.",
				List.of(new ProblemResponses.FieldError(header, message)), null);
	}

	public static EdgeException admissionCheckUnavailable(Duration retryAfter) {
		return new EdgeException(Kind.UNAVAILABLE, EdgeProblem.RECONCILER_UNAVAILABLE, "Service unavailable",
				"No admission decision could be had in time; decide from the kiosk's cache.", List.of(), retryAfter);
	}

	public static EdgeException malformedAttendeeId() {
		return new EdgeException(Kind.MALFORMED, EdgeProblem.MALFORMED_ATTENDEE_ID, "Malformed attendee id",
				"An attendee id is 1-64 characters of [A-Za-z0-9_.:-].",
				List.of(new ProblemResponses.FieldError("attendeeId", "1-64 characters of [A-Za-z0-9_.:-]")), null);
	}

	public static EdgeException noBadgeJob(String attendeeId) {
		return new EdgeException(
				Kind.NOT_FOUND, EdgeProblem.NO_BADGE_JOB, "No badge job", "There is no badge job for attendee '"
						+ attendeeId + "' of this kiosk's event (not checked in, or not reconciled yet).",
				List.of(), null);
	}

	public static EdgeException printUnavailable(Duration retryAfter) {
		return new EdgeException(Kind.UNAVAILABLE, EdgeProblem.PRINT_UNAVAILABLE, "Service unavailable",
				"The print service cannot be asked now; retry after the indicated delay.", List.of(), retryAfter);
	}

	public static EdgeException invalidEnrolmentCode() {
		return new EdgeException(Kind.INVALID, EdgeProblem.MALFORMED_ENROLMENT_CODE, "Invalid enrolment code",
				"An enrolment code is 10 characters of 0-9 and A-Z without U (case, hyphens and spaces do not matter,"
						+ " I and L read as 1, O as 0); nothing was enrolled.",
				List.of(new ProblemResponses.FieldError("code", "not an enrolment code")), null);
	}

	public static EdgeException unknownEnrolmentCode() {
		return new EdgeException(Kind.NOT_FOUND, EdgeProblem.UNKNOWN_ENROLMENT_CODE, "Unknown enrolment code",
				"No enrolment was issued with this code; check what was typed or ask for a new code.", List.of(), null);
	}

	public static EdgeException enrolmentCodeUsed() {
		return new EdgeException(Kind.GONE, EdgeProblem.ENROLMENT_CODE_USED, "Enrolment code used",
				"This enrolment code has enrolled a kiosk already; a code enrols one kiosk. Ask for a new code.",
				List.of(), null);
	}

	public static EdgeException enrolmentCodeExpired() {
		return new EdgeException(Kind.GONE, EdgeProblem.ENROLMENT_CODE_EXPIRED, "Enrolment code expired",
				"This enrolment code expired before it was used. Ask for a new code.", List.of(), null);
	}

	public static EdgeException enrolmentRateLimited(Duration retryAfter) {
		return new EdgeException(Kind.THROTTLED, EdgeProblem.ENROLMENT_RATE_LIMITED, "Too many enrolments",
				"This address has tried too many enrolment codes; retry after the indicated delay.", List.of(),
				retryAfter);
	}

	public static EdgeException conflict(EdgeProblem type, String detail) {
		return new EdgeException(Kind.CONFLICT, type, "Conflict", detail, List.of(), null);
	}

	public static EdgeException notFound(String what, String id) {
		return new EdgeException(Kind.NOT_FOUND, EdgeProblem.NOT_FOUND, what + " not found",
				what + " '" + id + "' does not exist.", List.of(), null);
	}

}
