package io.eventops.rules.decision;

import java.time.Instant;
import java.util.Objects;

/**
 * An attendee presenting a ticket at an area, to be decided.
 *
 * @param attendeeId the attendee
 * @param ticketType the attendee's ticket type id; {@code null} means the policy's first
 * type, as for attendees imported without one
 * @param areaId the area of the kiosk
 * @param capturedAt the capture time (the kiosk's clock: invariant 5)
 * @param key the attempt's own idempotency key, which places it among movements captured
 * at the same instant; {@code null} before it has one (an online check at the edge), and
 * then every movement captured at or before {@code capturedAt} is prior
 */
public record Attempt(String attendeeId, String ticketType, String areaId, Instant capturedAt, String key) {

	public Attempt {
		Objects.requireNonNull(attendeeId, "attendeeId");
		Objects.requireNonNull(areaId, "areaId");
		Objects.requireNonNull(capturedAt, "capturedAt");
	}

	/**
	 * Whether a movement of this attendee happened before this attempt: captured earlier,
	 * or at the same instant with a smaller key. The attempt's own entry is not prior to
	 * it.
	 * @param movement a movement
	 * @return whether it is prior
	 */
	boolean follows(Movement movement) {
		if (!movement.attendeeId().equals(this.attendeeId)) {
			return false;
		}
		int byTime = movement.capturedAt().compareTo(this.capturedAt);
		if (byTime != 0) {
			return byTime < 0;
		}
		return this.key == null || MovementOrder.KEYS.compare(movement.key(), this.key) < 0;
	}

}
