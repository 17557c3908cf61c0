package io.eventops.drills.baseline;

import java.time.OffsetDateTime;

/**
 * One entry as the baselines apply it, the same the kiosk recorded.
 *
 * @param kioskId the kiosk
 * @param seq its seq on the kiosk
 * @param attendeeId the attendee
 * @param capturedAt capture time
 * @param queuedAt queue time
 */
public record BaselineEntry(String kioskId, long seq, String attendeeId, OffsetDateTime capturedAt,
		OffsetDateTime queuedAt) {

	/**
	 * The idempotency key.
	 * @return {@code kioskId:seq}
	 */
	public String key() {
		return this.kioskId + ":" + this.seq;
	}

	/**
	 * The stale-replay rule of the edge (queued more than 3 minutes after capture), so
	 * the baselines reject what the system rejects.
	 * @return whether the entry is rejected
	 */
	boolean staleReplay() {
		return this.queuedAt.toInstant().isAfter(this.capturedAt.toInstant().plusSeconds(180));
	}

}
