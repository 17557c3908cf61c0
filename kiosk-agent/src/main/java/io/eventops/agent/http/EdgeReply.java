package io.eventops.agent.http;

import java.time.Duration;

import io.eventops.model.flush.FlushResponse;

/**
 * The classified answer to one flush request.
 *
 * @param kind what the flusher must do next
 * @param status the HTTP status, or 0 when no answer arrived
 * @param response the parsed body of an accepted request, else {@code null}
 * @param retryAfter the server's {@code Retry-After}, or {@code null}
 * @param detail a short description for the status and the dead letters
 */
public record EdgeReply(Kind kind, int status, FlushResponse response, Duration retryAfter, String detail) {

	/**
	 * What an answer means for the flusher.
	 */
	public enum Kind {

		/** 200 with per-entry results. */
		ACCEPTED,

		/**
		 * 400: something in the request makes the whole of it unusable; bisected to find
		 * the entry.
		 */
		REFUSED_AS_A_WHOLE,

		/** 413 or 422: the request is too big; sent again in smaller parts. */
		TOO_BIG,

		/**
		 * Timeouts, connection errors, 408, 429, 5xx, or an unreadable 200: retried with
		 * backoff.
		 */
		RETRYABLE,

		/**
		 * Anything else (401, 403, 404, 415…): a configuration problem no retry or
		 * dead-lettering can fix; reported and retried slowly.
		 */
		MISCONFIGURED

	}

}
