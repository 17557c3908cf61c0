package io.eventops.reconciler.access;

import java.time.OffsetDateTime;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * The edge's online admission check for one attendee at one kiosk's area.
 *
 * @param attendeeId 1–64 characters of {@code [A-Za-z0-9_.:-]}
 * @param areaId the kiosk's area; required when the event has a policy
 * @param capturedAt the kiosk's capture time of the attempt (invariant 5)
 */
record AdmissionRequest(@NotNull @Pattern(regexp = "[A-Za-z0-9_.:-]{1,64}") String attendeeId,
		@Pattern(regexp = "[A-Za-z0-9_.:-]{1,64}") String areaId, @NotNull OffsetDateTime capturedAt) {
}
