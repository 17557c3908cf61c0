package io.eventops.edge.web;

import io.eventops.web.Refusal;

/**
 * The edge's problem types: the stable last segment of each problem's {@code type} URI.
 */
public enum EdgeProblem implements Refusal.Type {

	MALFORMED_FLUSH("malformed-flush"),

	TOO_LARGE("too-large"),

	BODY_TOO_SLOW("body-too-slow"),

	TOO_MANY_ENTRIES("too-many-entries"),

	RATE_LIMITED("rate-limited"),

	KIOSK_BUSY("kiosk-busy"),

	RECONCILER_UNAVAILABLE("reconciler-unavailable"),

	TOO_MANY_STREAMS("too-many-streams"),

	STREAMS_FULL("streams-full"),

	MALFORMED_STREAM_REQUEST("malformed-stream-request"),

	MALFORMED_EXPRESS_CODE("malformed-express-code"),

	MALFORMED_REDEMPTION("malformed-redemption"),

	MALFORMED_ADMISSION_CHECK("malformed-admission-check"),

	MALFORMED_ALLOWANCE_REQUEST("malformed-allowance-request"),

	MALFORMED_HEARTBEAT("malformed-heartbeat"),

	NOT_FOUND("not-found"),

	KIOSK_EXISTS("kiosk-exists"),

	MALFORMED_ATTENDEE_ID("malformed-attendee-id"),

	NO_BADGE_JOB("no-badge-job"),

	PRINT_UNAVAILABLE("print-unavailable"),

	MALFORMED_ENROLMENT_CODE("malformed-enrolment-code"),

	UNKNOWN_ENROLMENT_CODE("unknown-enrolment-code"),

	ENROLMENT_CODE_USED("enrolment-code-used"),

	ENROLMENT_CODE_EXPIRED("enrolment-code-expired"),

	ENROLMENT_RATE_LIMITED("enrolment-rate-limited"),

	OUTSIDE_PROFILE("outside-profile"),

	DEVICE_REVOKED("device-revoked"),

	KIOSK_REVOKED("kiosk-revoked");

	private final String slug;

	EdgeProblem(String slug) {
		this.slug = slug;
	}

	@Override
	public String slug() {
		return this.slug;
	}

}
