package io.eventops.drills.fleet;

import java.time.OffsetDateTime;

/**
 * One check-in a kiosk records during the outage.
 *
 * @param attendeeId the attendee
 * @param capturedAt the device clock at capture
 * @param queuedAt the kiosk clock when the entry is durably written
 */
public record PlannedEntry(String attendeeId, OffsetDateTime capturedAt, OffsetDateTime queuedAt) {
}
