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
 * @param email the registered e-mail address (searched, never shown whole), or
 * {@code null}
 * @param checkedInAt when the holding check-in was captured (RFC 3339), or {@code null}
 */
public record CachedAttendee(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
		String checkedInBy, int credentialVersion, String email, String checkedInAt) {

	/**
	 * An attendee without e-mail address and check-in time.
	 * @param attendeeId the attendee
	 * @param displayName the name to show
	 * @param company the company
	 * @param tier the tier
	 * @param checkedIn whether a check-in holds
	 * @param checkedInBy where
	 * @param credentialVersion the current credential
	 */
	public CachedAttendee(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
			String checkedInBy, int credentialVersion) {
		this(attendeeId, displayName, company, tier, checkedIn, checkedInBy, credentialVersion, null, null);
	}

	/**
	 * This attendee as checked in at a kiosk, the rest unchanged.
	 * @param kioskId the kiosk
	 * @param at when (RFC 3339)
	 * @return the copy
	 */
	public CachedAttendee checkedInHere(String kioskId, String at) {
		return new CachedAttendee(this.attendeeId, this.displayName, this.company, this.tier, true, kioskId,
				this.credentialVersion, this.email, at);
	}

}
