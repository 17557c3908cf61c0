package io.eventops.reconciler.express;

import java.util.List;

/**
 * A redemption as the edge forwards it, with the redeeming kiosk's context.
 *
 * @param kioskId the redeeming kiosk
 * @param eventId the kiosk's event
 * @param printerPool the kiosk's printer pool
 * @param clientSubmissionId the attempt's id, the same on every retry of one attempt
 * @param attendeeIds a subset of the code's attendees, or {@code null} for all
 */
public record RedeemRequest(String kioskId, String eventId, String printerPool, String clientSubmissionId,
		List<String> attendeeIds) {
}
