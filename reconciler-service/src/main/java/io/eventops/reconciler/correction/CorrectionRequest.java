package io.eventops.reconciler.correction;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A desk correction of what an attendee's badge shows.
 *
 * @param displayName the corrected name, or {@code null} to keep it
 * @param company the corrected company, or {@code null} to keep it
 * @param tier the corrected tier, or {@code null} to keep it
 * @param reason why (kept for audit)
 */
record CorrectionRequest(@Size(min = 1, max = 128) String displayName, @Size(max = 128) String company,
		@Size(max = 32) String tier, @NotBlank @Size(max = 500) String reason) {
}
