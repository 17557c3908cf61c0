package io.eventops.reconciler.access;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * The edge's request to renew a kiosk's allowance (invariant 14).
 *
 * @param kioskId the kiosk
 * @param sharing the entry kiosks of its area, itself among them (the free places are
 * shared among them)
 * @param held the grant the kiosk holds, or {@code null} for none
 * @param heldWhenTaken what the kiosk held after that grant's base when it took it, or
 * {@code null} for 0
 * @param base the kiosk's acknowledged seq: the new grant counts its entries after it
 * ({@code null} for 0, every entry)
 */
record AllowanceRequest(@NotNull @Pattern(regexp = "[A-Za-z0-9_.:-]{1,64}") String kioskId,
		@NotNull @Min(1) @Max(10_000) Integer sharing, @Min(1) Long held, @Min(0) Long heldWhenTaken,
		@Min(0) Long base) {
}
