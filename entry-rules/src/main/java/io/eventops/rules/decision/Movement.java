package io.eventops.rules.decision;

import java.time.Instant;
import java.util.Objects;

/**
 * One recorded entry of an attendee, as the decision reads it. Two movements with the
 * same content are one (a replayed entry); which is earlier is decided by
 * {@link MovementOrder}.
 *
 * @param key the entry's idempotency key ({@code {kioskId}:{seq}}), the tie-breaker
 * between entries captured at the same instant
 * @param attendeeId the attendee
 * @param type what happened
 * @param areaId where; {@code null} only for an annulment
 * @param capturedAt the capture time (invariant 5), never the delivery time
 * @param annulledKey for an annulment, the key of the admission it undoes; else
 * {@code null}
 */
public record Movement(String key, String attendeeId, MovementType type, String areaId, Instant capturedAt,
		String annulledKey) {

	public Movement {
		Objects.requireNonNull(key, "key");
		Objects.requireNonNull(attendeeId, "attendeeId");
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(capturedAt, "capturedAt");
		if (type == MovementType.ANNUL) {
			Objects.requireNonNull(annulledKey, "annulledKey");
		}
		else {
			Objects.requireNonNull(areaId, "areaId");
			if (annulledKey != null) {
				throw new IllegalArgumentException("only an annulment names an annulled key");
			}
		}
	}

	public static Movement checkIn(String key, String attendeeId, String areaId, Instant capturedAt) {
		return new Movement(key, attendeeId, MovementType.CHECK_IN, areaId, capturedAt, null);
	}

	public static Movement exit(String key, String attendeeId, String areaId, Instant capturedAt) {
		return new Movement(key, attendeeId, MovementType.EXIT, areaId, capturedAt, null);
	}

	public static Movement refused(String key, String attendeeId, String areaId, Instant capturedAt) {
		return new Movement(key, attendeeId, MovementType.REFUSED, areaId, capturedAt, null);
	}

	public static Movement annul(String key, String attendeeId, Instant capturedAt, String annulledKey) {
		return new Movement(key, attendeeId, MovementType.ANNUL, null, capturedAt, annulledKey);
	}

}
