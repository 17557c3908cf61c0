package io.eventops.reconciler.privacy;

import java.time.Instant;

/**
 * What an erasure did.
 *
 * @param scope {@code ATTENDEE}, {@code EVENT} or {@code RETENTION}
 * @param eventId the event
 * @param attendeeId the attendee of an {@code ATTENDEE} erasure, else {@code null}
 * @param erased whether this request erased anything; {@code false}: it was erased
 * before, and nothing was changed
 * @param erasedAt when the data was erased (now, or by the earlier erasure)
 * @param counts what this request scrubbed (all zero when {@code erased} is
 * {@code false})
 */
public record Erasure(String scope, String eventId, String attendeeId, boolean erased, Instant erasedAt,
		Counts counts) {

	/**
	 * The rows an erasure scrubbed.
	 *
	 * @param attendees attendee rows
	 * @param checkIns winning records with kiosk overrides or desk corrections
	 * @param rejections quarantined entries
	 * @param changes changes of the change log
	 * @param badgeJobs badge jobs now withdrawn unless printed (their reprint reasons
	 * removed)
	 * @param annulments ops' annulments (their reasons removed)
	 */
	public record Counts(int attendees, int checkIns, int rejections, int changes, int badgeJobs, int annulments) {

		static final Counts NONE = new Counts(0, 0, 0, 0, 0, 0);

	}

}
