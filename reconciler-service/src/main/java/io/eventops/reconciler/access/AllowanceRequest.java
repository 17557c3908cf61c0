package io.eventops.reconciler.access;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * The edge's request to renew a kiosk's allowance.
 *
 * @param kioskId the kiosk
 * @param sharing the entry kiosks of its area, itself among them (the free places are
 * shared among them)
 */
record AllowanceRequest(@NotNull @Pattern(regexp = "[A-Za-z0-9_.:-]{1,64}") String kioskId,
		@NotNull @Min(1) @Max(10_000) Integer sharing) {
}
