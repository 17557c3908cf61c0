package io.eventops.edge.kiosk;

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
 */
record KioskRegistration(
		@NotNull @Pattern(regexp = "(?!desk$)(?!xc-)[a-z0-9][a-z0-9-]{1,31}",
				message = "must be 2-32 characters of [a-z0-9-], starting with a letter or digit, "
						+ "and neither desk nor xc-... (the help desk's and express codes')") String kioskId,
		@NotBlank @Size(max = 64) String eventId, @Size(max = 128) String label,
		@NotBlank @Size(max = 64) String printerPool) {
}
