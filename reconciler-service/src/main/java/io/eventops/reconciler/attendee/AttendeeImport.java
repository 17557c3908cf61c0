package io.eventops.reconciler.attendee;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * One attendee row of an import.
 *
 * @param attendeeId 1–64 characters of {@code [A-Za-z0-9_.:-]}
 * @param displayName the name printed on the badge
 * @param company the company, optional
 * @param tier the ticket tier, optional
 * @param email the e-mail address, optional
 * @param ticketType the id of the attendee's ticket type in the event's policy; optional,
 * absent means the policy's first type (#35)
 */
record AttendeeImport(@NotNull @Pattern(regexp = "[A-Za-z0-9_.:-]{1,64}") String attendeeId,
		@NotBlank @Size(max = 128) String displayName, @Size(max = 128) String company, @Size(max = 32) String tier,
		@Email @Size(max = 254) String email, @Pattern(regexp = "[A-Za-z0-9_.:-]{1,64}") String ticketType) {
}
