package io.eventops.edge.kiosk;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * What a kiosk enrols with (issue #37).
 *
 * @param code the enrolment code as typed or scanned: Crockford's base32, case, hyphens
 * and spaces do not matter, {@code I} and {@code L} read as {@code 1}, {@code O} as
 * {@code 0}
 * @param label a human name for the kiosk, e.g. where it stands
 */
record EnrolRequest(@NotNull @Size(max = 64) String code, @Size(max = 128) String label) {
}
