package io.eventops.edge.kiosk;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * What an admin provisions a kiosk with.
 *
 * @param kioskId {@code [a-z0-9][a-z0-9-]{1,31}}, neither {@code desk} nor starting with
 * {@code xc-}: those name the reconciler's own sources of check-ins, the help desk and
 * express codes, and such a kiosk would read as one of them in every check-in it wins
 * (one pattern for both rules, so that the API description keeps it)
 * @param eventId the event its check-ins belong to
 * @param label a human name, e.g. where it stands
 * @param printerPool the pool its badges print on
 * @param areaId the area of the event's policy it serves (issue #35), an id as the
 * policy's: 1-64 characters of {@code [A-Za-z0-9_.:-]}; {@code null} for the event's
 * implicit area
 * @param direction {@code ENTRY}, {@code EXIT} or {@code BOTH}; {@code null} is
 * {@code ENTRY} (a string, not the enum, so that a wrong value is a 422 naming the field
 * rather than an unreadable body)
 * @param profile {@code KIOSK}, {@code DESK} or {@code EXIT} (issue #37); {@code null} is
 * {@code KIOSK}
 */
record KioskRegistration(
		@NotNull @Pattern(regexp = KioskRegistration.KIOSK_ID,
				message = KioskRegistration.KIOSK_ID_MESSAGE) String kioskId,
		@NotBlank @Size(max = 64) String eventId, @Size(max = 128) String label,
		@NotBlank @Size(max = 64) String printerPool,
		@Pattern(regexp = KioskRegistration.AREA_ID,
				message = "must be 1-64 characters of [A-Za-z0-9_.:-]") String areaId,
		@Schema(allowableValues = {
				"ENTRY", "EXIT", "BOTH" }, defaultValue = "ENTRY") @Pattern(regexp = KioskDirection.PATTERN,
						message = "must be ENTRY, EXIT or BOTH") String direction,
		@Schema(allowableValues = { "KIOSK", "DESK", "EXIT" }, defaultValue = "KIOSK") @Pattern(
				regexp = KioskProfile.PATTERN, message = "must be KIOSK, DESK or EXIT") String profile){

	/** A kiosk id's pattern (also an enrolment's, issue #37). */
	static final String KIOSK_ID = "(?!desk$)(?!exit-all$)(?!xc-)[a-z0-9][a-z0-9-]{1,31}";

	/** What a kiosk id that does not match {@link #KIOSK_ID} is told. */
	static final String KIOSK_ID_MESSAGE = "must be 2-32 characters of [a-z0-9-], starting with a letter or digit, "
			+ "and none of desk, exit-all, xc-... (the help desk's, the automatic check-out's and express codes')";

	/** An area id's pattern. */
	static final String AREA_ID = "[A-Za-z0-9_.:-]{1,64}";

	/**
	 * A kiosk of the event's implicit area that records admissions, as before issue #35.
	 * @param kioskId the kiosk
	 * @param eventId its event
	 * @param label its label
	 * @param printerPool its printer pool
	 */
	KioskRegistration(String kioskId, String eventId, String label, String printerPool) {
		this(kioskId, eventId, label, printerPool, null, null, null);
	}

	/**
	 * The kiosk's direction, once the registration is valid.
	 * @return the direction, {@code ENTRY} when none was given
	 */
	KioskDirection kioskDirection() {
		return (this.direction != null) ? KioskDirection.valueOf(this.direction) : KioskDirection.ENTRY;
	}

	/**
	 * The kiosk's profile, once the registration is valid.
	 * @return the profile, {@code KIOSK} when none was given
	 */
	KioskProfile kioskProfile() {
		return (this.profile != null) ? KioskProfile.valueOf(this.profile) : KioskProfile.KIOSK;
	}

}
