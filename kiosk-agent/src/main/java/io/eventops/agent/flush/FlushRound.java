package io.eventops.agent.flush;

import java.time.Duration;

/**
 * What one flush round achieved and why it stopped.
 *
 * @param result why the round ended
 * @param requests flush requests sent
 * @param acknowledged entries acknowledged in this round
 * @param deadLettered entries dead-lettered in this round
 * @param watermark the watermark afterwards
 * @param retryAfter the server's requested wait, or {@code null}
 * @param error the last error, or {@code null}
 */
public record FlushRound(Result result, int requests, int acknowledged, int deadLettered, long watermark,
		Duration retryAfter, String error) {

	/**
	 * Why a round ended.
	 */
	public enum Result {

		/** Nothing is pending any more. */
		DRAINED,

		/** A retryable failure: try again after a backoff. */
		RETRY,

		/** A failure no retry soon will fix (credentials, URL): retried slowly. */
		BLOCKED

	}

	/**
	 * Whether the log is drained.
	 * @return {@code true} when nothing is pending
	 */
	public boolean drained() {
		return this.result == Result.DRAINED;
	}

}
