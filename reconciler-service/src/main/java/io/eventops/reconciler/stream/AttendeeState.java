package io.eventops.reconciler.stream;

import java.util.List;

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
 * @param ticketType the ticket type ({@code null}: the policy's first, or no policy)
 * @param movements the attendee's movements in an event with a policy, by capture time
 * (no refusals); {@code null} without a policy
 */
public record AttendeeState(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
		String checkedInBy, int credentialVersion, String checkedInAt, String email, String ticketType,
		List<MovementState> movements) {

	public AttendeeState(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
			String checkedInBy, int credentialVersion, String checkedInAt, String email) {
		this(attendeeId, displayName, company, tier, checkedIn, checkedInBy, credentialVersion, checkedInAt, email,
				null, null);
	}

	/**
	 * One movement as a kiosk cache decides with it.
	 *
	 * @param key its idempotency key
	 * @param type {@code CHECK_IN}, {@code EXIT} or {@code ANNUL}
	 * @param areaId its area
	 * @param capturedAt its capture time
	 * @param annuls the key an {@code ANNUL} undoes
	 */
	public record MovementState(String key, String type, String areaId, String capturedAt, String annuls) {
	}

}
