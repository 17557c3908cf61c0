package io.eventops.edge.kiosk;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Pattern;

/**
 * The optional body of {@code POST /admin/v1/kiosks/{kioskId}/revoke}.
 *
 * @param mode {@code RETIRE} or {@code LOST}; {@code null} (or no body) is {@code LOST},
 * what revocation was before modes (a string, not the enum, so that a wrong value is a
 * 422 naming the field)
 */
record RevocationRequest(@Schema(allowableValues = {
		"RETIRE", "LOST" }, defaultValue = "LOST") @Pattern(regexp = RevocationMode.PATTERN,
				message = "must be RETIRE or LOST") String mode){

	/**
	 * The mode, once the request is valid.
	 * @return the mode, {@code LOST} when none was given
	 */
	RevocationMode revocationMode() {
		return (this.mode != null) ? RevocationMode.valueOf(this.mode) : RevocationMode.LOST;
	}

}
