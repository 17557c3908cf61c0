package io.eventops.reconciler.express;

import java.time.Instant;
import java.util.List;

/**
 * An issued express code.
 *
 * @param code the code
 * @param attendeeIds the attendees it checks in
 * @param expiresAt when it stops working
 */
record ExpressCode(String code, List<String> attendeeIds, Instant expiresAt) {
}
