package io.eventops.reconciler.access;

import java.time.Instant;

/**
 * A kiosk's admission the server's rules refuse ({@code ADMITTED_AGAINST_RULES}): the
 * person is in and counted, and ops see why the rules say no.
 *
 * @param idempotencyKey the admission's key
 * @param attendeeId the attendee
 * @param areaId the area
 * @param capturedAt when the kiosk admitted
 * @param kioskId the kiosk
 * @param reason the server's reason
 * @param explanation what a refusing rule says, else absent
 * @param policyVersion the version the server judged it under
 */
record RuleOverride(String idempotencyKey, String attendeeId, String areaId, Instant capturedAt, String kioskId,
		String reason, String explanation, long policyVersion) {
}
