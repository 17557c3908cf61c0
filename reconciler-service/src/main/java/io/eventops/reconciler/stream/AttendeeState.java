package io.eventops.reconciler.stream;

/**
 * An attendee as a kiosk cache holds it.
 *
 * @param attendeeId the attendee
 * @param displayName effective name
 * @param company effective company
 * @param tier effective tier
 * @param checkedIn whether a check-in holds
 * @param checkedInBy the source of the winning record (a kiosk id, {@code desk}, or an
 * express code's source), so a kiosk can warn "already checked in at kiosk-03" offline
 * @param credentialVersion the current credential
 */
public record AttendeeState(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
		String checkedInBy, int credentialVersion) {
}
