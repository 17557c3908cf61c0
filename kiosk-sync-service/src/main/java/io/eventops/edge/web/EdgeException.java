package io.eventops.edge.web;

import io.eventops.web.ProblemResponses;

import java.time.Duration;
import java.util.List;

import org.springframework.http.HttpStatus;

/**
 * A refusal that the API reports as a problem with its own status, stable type slug and,
 * for retryable refusals, a {@code Retry-After}.
 */
public class EdgeException extends RuntimeException {

	private final HttpStatus status;

	private final String slug;

	private final String title;

	private final List<ProblemResponses.FieldError> errors;

	private final Duration retryAfter;

	private EdgeException(HttpStatus status, String slug, String title, String detail,
			List<ProblemResponses.FieldError> errors, Duration retryAfter) {
		super(detail);
		this.status = status;
		this.slug = slug;
		this.title = title;
		this.errors = List.copyOf(errors);
		this.retryAfter = retryAfter;
	}

	public static EdgeException badRequest(String field, String message) {
		return new EdgeException(HttpStatus.BAD_REQUEST, "malformed-flush", "Malformed request",
				"The request is not a valid flush; nothing was applied.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException tooLarge(long limit) {
		return new EdgeException(HttpStatus.CONTENT_TOO_LARGE, "too-large", "Request too large",
				"A flush body carries at most " + limit + " bytes; nothing was applied.", List.of(), null);
	}

	public static EdgeException tooManyEntries(int limit) {
		return new EdgeException(HttpStatus.UNPROCESSABLE_CONTENT, "too-many-entries", "Too many entries",
				"A flush carries at most " + limit + " entries; nothing was applied.",
				List.of(new ProblemResponses.FieldError("entries", "at most " + limit + " entries")), null);
	}

	public static EdgeException rateLimited(Duration retryAfter) {
		return new EdgeException(HttpStatus.TOO_MANY_REQUESTS, "rate-limited", "Too many requests",
				"This kiosk is over its request rate; retry after the indicated delay.", List.of(), retryAfter);
	}

	public static EdgeException kioskBusy(int limit, Duration retryAfter) {
		return new EdgeException(HttpStatus.TOO_MANY_REQUESTS, "kiosk-busy", "Too many flushes in flight",
				"This kiosk already has " + limit
						+ " flushes in flight here; nothing of this one was read. Retry after the indicated delay.",
				List.of(), retryAfter);
	}

	public static EdgeException unavailable(Duration retryAfter) {
		return new EdgeException(HttpStatus.SERVICE_UNAVAILABLE, "reconciler-unavailable", "Service unavailable",
				"The check-in service is unavailable; nothing was acknowledged. Retry after the indicated delay.",
				List.of(), retryAfter);
	}

	public static EdgeException tooManyStreams(int limit, Duration retryAfter) {
		return new EdgeException(HttpStatus.TOO_MANY_REQUESTS, "too-many-streams", "Too many open streams",
				"This kiosk already holds " + limit
						+ " long polls or change streams open; retry after the indicated delay or close one.",
				List.of(), retryAfter);
	}

	public static EdgeException streamsFull(Duration retryAfter) {
		return new EdgeException(HttpStatus.SERVICE_UNAVAILABLE, "streams-full", "No stream slot free",
				"This server holds as many long polls and change streams as it can; retry after the indicated delay.",
				List.of(), retryAfter);
	}

	public static EdgeException malformedStreamRequest(String field, String message) {
		return new EdgeException(HttpStatus.BAD_REQUEST, "malformed-stream-request", "Malformed changes request",
				"The request is not a valid snapshot, changes or stream request.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException malformedExpressCode() {
		return new EdgeException(HttpStatus.BAD_REQUEST, "malformed-express-code", "Malformed express code",
				"An express code is 10 characters of 0-9 and A-Z without U (case, hyphens and spaces do not matter,"
						+ " I and L read as 1, O as 0); nothing was redeemed.",
				List.of(new ProblemResponses.FieldError("code", "not an express code")), null);
	}

	public static EdgeException malformedRedemption(String field, String message) {
		return new EdgeException(HttpStatus.BAD_REQUEST, "malformed-redemption", "Malformed redemption",
				"The request is not a valid express-code redemption; nothing was redeemed.",
				List.of(new ProblemResponses.FieldError(field, message)), null);
	}

	public static EdgeException malformedAttendeeId() {
		return new EdgeException(HttpStatus.BAD_REQUEST, "malformed-attendee-id", "Malformed attendee id",
				"An attendee id is 1-64 characters of [A-Za-z0-9_.:-].",
				List.of(new ProblemResponses.FieldError("attendeeId", "1-64 characters of [A-Za-z0-9_.:-]")), null);
	}

	public static EdgeException noBadgeJob(String attendeeId) {
		return new EdgeException(
				HttpStatus.NOT_FOUND, "no-badge-job", "No badge job", "There is no badge job for attendee '"
						+ attendeeId + "' of this kiosk's event (not checked in, or not reconciled yet).",
				List.of(), null);
	}

	public static EdgeException printUnavailable(Duration retryAfter) {
		return new EdgeException(HttpStatus.SERVICE_UNAVAILABLE, "print-unavailable", "Service unavailable",
				"The print service cannot be asked now; retry after the indicated delay.", List.of(), retryAfter);
	}

	public static EdgeException conflict(String slug, String detail) {
		return new EdgeException(HttpStatus.CONFLICT, slug, "Conflict", detail, List.of(), null);
	}

	public static EdgeException notFound(String what, String id) {
		return new EdgeException(HttpStatus.NOT_FOUND, "not-found", what + " not found",
				what + " '" + id + "' does not exist.", List.of(), null);
	}

	public HttpStatus status() {
		return this.status;
	}

	public String slug() {
		return this.slug;
	}

	public String title() {
		return this.title;
	}

	public List<ProblemResponses.FieldError> errors() {
		return this.errors;
	}

	/**
	 * How long the caller should wait before retrying.
	 * @return the delay, or {@code null} when the refusal is not retryable
	 */
	public Duration retryAfter() {
		return this.retryAfter;
	}

}
