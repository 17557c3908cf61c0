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
 * @param checkedInAt the winning check-in's capture time (for display, invariant 5), or
 * {@code null}
 * @param email the registered e-mail address (kiosks search by it), or {@code null}
 */
public record AttendeeState(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
		String checkedInBy, int credentialVersion, String checkedInAt, String email) {
}
