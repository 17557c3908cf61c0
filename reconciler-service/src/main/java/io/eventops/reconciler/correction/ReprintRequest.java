package io.eventops.reconciler.correction;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * An explicit reprint.
 *
 * @param reason why (kept on the job)
 */
record ReprintRequest(@NotBlank @Size(max = 500) String reason) {
}
