package io.eventops.agent.log;

import java.time.OffsetDateTime;

/**
 * The grant the server last made this kiosk at its area (invariant 14), as kept in the
 * log's database: the kiosk may hold {@code places} in its entries after {@code base}
 * (entry-rules' {@code Escrow.held}), until {@code leaseUntil}, and names {@code grant}
 * when it asks next.
 *
 * @param areaId the area
 * @param capacity the area's capacity, or {@code null} for none (no limit)
 * @param grant the grant's number, or {@code null} for none
 * @param base the seq after which its entries count
 * @param carried the attendees it carries over from before {@code base}
 * @param places the places, or {@code null} for none
 * @param heldWhenTaken what the kiosk held after {@code base} when it took the grant
 * @param leaseUntil the lease's end on the kiosk's clock (when it asked plus the lease's
 * length), or {@code null}
 * @param receivedAt when the kiosk asked for it, by its clock
 */
public record StoredAllowance(String areaId, Long capacity, Long grant, long base, java.util.List<String> carried,
		Long places, long heldWhenTaken, OffsetDateTime leaseUntil, OffsetDateTime receivedAt) {

	/**
	 * A kept grant, its carried list copied.
	 */
	public StoredAllowance {
		carried = java.util.List.copyOf(carried);
	}

}
