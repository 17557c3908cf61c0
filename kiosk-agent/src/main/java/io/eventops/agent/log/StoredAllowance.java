package io.eventops.agent.log;

import java.time.OffsetDateTime;

/**
 * The admission allowance the server last granted this kiosk at its area (invariant 14),
 * as kept in the log's database: the kiosk's net there may reach {@code limit}, counted
 * as the server's {@code flushedNet} plus the net of the kiosk's entries after
 * {@code ackedSeq} (the watermark when it asked: an entry the server had but had not
 * acknowledged then counts twice, never not at all).
 *
 * @param areaId the area
 * @param capacity the area's capacity, or {@code null} for none (no limit)
 * @param limit the limit on the kiosk's net, or {@code null} for none
 * @param flushedNet the kiosk's net as the server had it, or {@code null}
 * @param ackedSeq the kiosk's acknowledged seq when it asked
 * @param leaseUntil the lease's end on the kiosk's clock (when it asked plus the lease's
 * length), or {@code null}
 * @param receivedAt when the kiosk asked for it, by its clock
 */
public record StoredAllowance(String areaId, Long capacity, Long limit, Long flushedNet, long ackedSeq,
		OffsetDateTime leaseUntil, OffsetDateTime receivedAt) {
}
