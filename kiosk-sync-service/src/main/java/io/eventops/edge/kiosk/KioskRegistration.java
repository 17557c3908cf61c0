package io.eventops.edge.kiosk;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * What an admin provisions a kiosk with.
 *
 * @param kioskId {@code [a-z0-9][a-z0-9-]{1,31}}, neither {@code desk} nor starting with
 * {@code xc-}
 * @param eventId the event its check-ins belong to
 * @param label a human name, e.g. where it stands
 * @param printerPool the pool its badges print on
 */
record KioskRegistration(@NotNull @Pattern(regexp = "[a-z0-9][a-z0-9-]{1,31}",
		message = "must be 2-32 characters of [a-z0-9-], starting with a letter or digit")
// the reconciler's own sources of check-ins: a kiosk of such a name would read as
// the help desk or an express code in every check-in it wins
@Pattern(regexp = "(?!desk$)(?!xc-).*",
		message = "is reserved: desk and xc-... name the help desk and express codes") String kioskId,
		@NotBlank @Size(max = 64) String eventId, @Size(max = 128) String label,
		@NotBlank @Size(max = 64) String printerPool) {
}
