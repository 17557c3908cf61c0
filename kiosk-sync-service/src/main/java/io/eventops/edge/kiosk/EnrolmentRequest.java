package io.eventops.edge.kiosk;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * What an admin issues an enrolment code for (issue #37): the settings of the kiosk it
 * will provision, as {@link KioskRegistration}'s, and how long it may be used.
 *
 * @param eventId the event the kiosk's check-ins belong to
 * @param areaId the area it serves, or {@code null} for the event's implicit area
 * @param direction {@code ENTRY}, {@code EXIT} or {@code BOTH}; {@code null} is
 * {@code ENTRY}
 * @param printerPool the pool its badges print on
 * @param profile {@code KIOSK}, {@code DESK} or {@code EXIT}; {@code null} is
 * {@code KIOSK}
 * @param kioskId the kiosk id it provisions, or {@code null} for one the edge chooses
 * ({@code k-} and 10 random characters)
 * @param expiresInMinutes how long the code may be used: 1 minute to 24 hours
 */
record EnrolmentRequest(@NotBlank @Size(max = 64) String eventId,
		@Pattern(regexp = KioskRegistration.AREA_ID,
				message = "must be 1-64 characters of [A-Za-z0-9_.:-]") String areaId,
		@Schema(allowableValues = {
				"ENTRY", "EXIT", "BOTH" }, defaultValue = "ENTRY") @Pattern(regexp = KioskDirection.PATTERN,
						message = "must be ENTRY, EXIT or BOTH") String direction,
		@NotBlank @Size(max = 64) String printerPool,
		@Schema(allowableValues = { "KIOSK", "DESK", "EXIT" }, defaultValue = "KIOSK") @Pattern(
				regexp = KioskProfile.PATTERN, message = "must be KIOSK, DESK or EXIT") String profile,
		@Pattern(regexp = KioskRegistration.KIOSK_ID, message = KioskRegistration.KIOSK_ID_MESSAGE) String kioskId,
		@NotNull @Min(value = 1, message = "must be 1 to 1440 (24 hours)") @Max(value = 1440,
				message = "must be 1 to 1440 (24 hours)") Integer expiresInMinutes){

	KioskDirection kioskDirection() {
		return (this.direction != null) ? KioskDirection.valueOf(this.direction) : KioskDirection.ENTRY;
	}

	KioskProfile kioskProfile() {
		return (this.profile != null) ? KioskProfile.valueOf(this.profile) : KioskProfile.KIOSK;
	}

}
