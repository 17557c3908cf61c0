package io.eventops.reconciler.express;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

/**
 * A new express code for a group.
 *
 * @param attendeeIds the attendees it checks in (1–50)
 * @param expiresAt when it stops working, or {@code null} for the configured validity
 */
record CodeRequest(@NotEmpty @Size(max = 50) List<String> attendeeIds, OffsetDateTime expiresAt) {
}
