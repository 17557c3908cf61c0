package io.eventops.edge.kiosk;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * What an admin provisions a kiosk with.
 *
 * @param kioskId {@code [a-z0-9][a-z0-9-]{1,31}}
 * @param eventId the event its check-ins belong to
 * @param label a human name, e.g. where it stands
 * @param printerPool the pool its badges print on
 */
record KioskRegistration(
		@NotNull @Pattern(regexp = "[a-z0-9][a-z0-9-]{1,31}",
				message = "must be 2-32 characters of [a-z0-9-], starting with a letter or digit") String kioskId,
		@NotBlank @Size(max = 64) String eventId, @Size(max = 128) String label,
		@NotBlank @Size(max = 64) String printerPool) {
}
