package io.eventops.agent;

import java.time.OffsetDateTime;

import io.eventops.model.flush.BadgeOverrides;

/**
 * A check-in as the kiosk captured it.
 *
 * @param attendeeId the attendee (the edge accepts 1–64 characters of
 * {@code [A-Za-z0-9_.:-]})
 * @param capturedAt the device clock at capture, or {@code null} for now
 * @param badgePrintedLocally whether the kiosk printed the badge on its own printer
 * @param badge attendee-typed overrides, or {@code null}
 */
public record CheckIn(String attendeeId, OffsetDateTime capturedAt, boolean badgePrintedLocally, BadgeOverrides badge) {

	public CheckIn {
		if (attendeeId == null || attendeeId.isEmpty()) {
			throw new IllegalArgumentException("attendeeId is required");
		}
	}

	/**
	 * A plain check-in captured now.
	 * @param attendeeId the attendee
	 * @return the check-in
	 */
	public static CheckIn of(String attendeeId) {
		return new CheckIn(attendeeId, null, false, null);
	}

}
