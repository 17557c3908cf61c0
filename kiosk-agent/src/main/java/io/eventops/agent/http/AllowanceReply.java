package io.eventops.agent.http;

import java.time.OffsetDateTime;

/**
 * The edge's answer to {@code POST /v1/kiosks/{kioskId}/allowance} (invariant 14).
 *
 * @param areaId the kiosk's area
 * @param capacity the area's capacity, or {@code null} for none
 * @param limit the limit on the kiosk's net admissions there, or {@code null} for none
 * @param flushedNet the kiosk's net as the server has it, or {@code null}
 * @param leaseUntil when the server stops holding the places, or {@code null}
 * @param leaseSeconds the lease's length, or {@code null} (an older server)
 * @param policyVersion the policy version the capacity is from
 */
public record AllowanceReply(String areaId, Long capacity, Long limit, Long flushedNet, OffsetDateTime leaseUntil,
		Long leaseSeconds, long policyVersion) {
}
