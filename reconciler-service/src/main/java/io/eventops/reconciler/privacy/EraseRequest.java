package io.eventops.reconciler.privacy;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * An admin's request to erase personal data.
 *
 * @param reason why (kept in the audit, {@code reconciler.erasures}); write no personal
 * data into it
 */
record EraseRequest(@NotBlank @Size(max = 500) String reason) {
}
