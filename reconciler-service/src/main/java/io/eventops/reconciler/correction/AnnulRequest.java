package io.eventops.reconciler.correction;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Ops' request to annul an attendee's current admission (#36).
 *
 * @param idempotencyKey the client's key: the same request again answers the same and
 * changes nothing
 * @param reason why (kept for audit)
 */
record AnnulRequest(
		@NotNull @Pattern(regexp = "[A-Za-z0-9_.:-]{1,100}",
				message = "must be 1-100 characters of [A-Za-z0-9_.:-]") String idempotencyKey,
		@NotBlank @Size(max = 500) String reason) {
}
