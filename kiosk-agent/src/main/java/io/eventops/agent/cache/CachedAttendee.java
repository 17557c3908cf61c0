package io.eventops.agent.cache;

/**
 * An attendee as the kiosk's cache holds it.
 *
 * @param attendeeId the attendee
 * @param displayName the name to show
 * @param company the company
 * @param tier the tier
 * @param checkedIn whether a check-in holds (as far as this kiosk knows)
 * @param checkedInBy where: a kiosk id, {@code desk}, or an express code's source
 * @param credentialVersion the current credential
 */
public record CachedAttendee(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
		String checkedInBy, int credentialVersion) {
}
