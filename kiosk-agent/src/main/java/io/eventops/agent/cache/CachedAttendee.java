package io.eventops.agent.cache;

import java.util.List;

import io.eventops.rules.decision.Movement;

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
 * @param ticketType the attendee's ticket type id, or {@code null} (the policy's first,
 * or an event without a policy)
 * @param movements the attendee's admissions, exits and annulments venue-wide as of the
 * cache's position (issue #35), empty for an event without a policy
 */
public record CachedAttendee(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
		String checkedInBy, int credentialVersion, String email, String checkedInAt, String ticketType,
		List<Movement> movements) {

	public CachedAttendee {
		movements = (movements != null) ? List.copyOf(movements) : List.of();
	}

	/**
	 * An attendee of an event without access control.
	 * @param attendeeId the attendee
	 * @param displayName the name to show
	 * @param company the company
	 * @param tier the tier
	 * @param checkedIn whether a check-in holds
	 * @param checkedInBy where
	 * @param credentialVersion the current credential
	 * @param email the e-mail address, or {@code null}
	 * @param checkedInAt when checked in (RFC 3339), or {@code null}
	 */
	public CachedAttendee(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
			String checkedInBy, int credentialVersion, String email, String checkedInAt) {
		this(attendeeId, displayName, company, tier, checkedIn, checkedInBy, credentialVersion, email, checkedInAt,
				null, List.of());
	}

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
		this(attendeeId, displayName, company, tier, checkedIn, checkedInBy, credentialVersion, null, null, null,
				List.of());
	}

	/**
	 * This attendee as checked in at a kiosk, the rest unchanged.
	 * @param kioskId the kiosk
	 * @param at when (RFC 3339)
	 * @return the copy
	 */
	public CachedAttendee checkedInHere(String kioskId, String at) {
		return new CachedAttendee(this.attendeeId, this.displayName, this.company, this.tier, true, kioskId,
				this.credentialVersion, this.email, at, this.ticketType, this.movements);
	}

}
