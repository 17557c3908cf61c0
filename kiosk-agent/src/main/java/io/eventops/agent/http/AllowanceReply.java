package io.eventops.agent.http;

import java.time.OffsetDateTime;

/**
 * The edge's answer to {@code POST /v1/kiosks/{kioskId}/allowance} (invariant 14).
 *
 * @param areaId the kiosk's area
 * @param capacity the area's capacity, or {@code null} for none
 * @param grant the grant's number, or {@code null} for none
 * @param base the seq after which the kiosk's entries count, or {@code null}
 * @param carried the attendees it carries over from before {@code base}
 * @param places the places the kiosk may hold after {@code base}, or {@code null} for
 * none
 * @param leaseUntil when the server stops holding the places, or {@code null}
 * @param leaseSeconds the lease's length, or {@code null}
 * @param policyVersion the policy version the capacity is from
 */
public record AllowanceReply(String areaId, Long capacity, Long grant, Long base, java.util.List<String> carried,
		Long places, OffsetDateTime leaseUntil, Long leaseSeconds, long policyVersion) {
}
