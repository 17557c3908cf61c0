package io.eventops.agent.cache;

import java.util.Locale;

/**
 * Where the kiosk stands, as the edge's sync-state tells it (issue #35): the area it
 * serves and which way people pass it.
 *
 * @param areaId the area, or {@code null} when the kiosk was provisioned without one (the
 * event's implicit area)
 * @param direction which way it admits
 */
public record KioskPlacement(String areaId, Direction direction) {

	/** A kiosk provisioned before access control: no area, an entry. */
	public static final KioskPlacement NONE = new KioskPlacement(null, Direction.ENTRY);

	public KioskPlacement {
		direction = (direction != null) ? direction : Direction.ENTRY;
	}

	/**
	 * The placement of a sync-state.
	 * @param areaId the area, or {@code null}
	 * @param direction {@code ENTRY}, {@code EXIT}, {@code BOTH}, or {@code null} for the
	 * default {@code ENTRY} (an edge before access control)
	 * @return the placement
	 */
	public static KioskPlacement of(String areaId, String direction) {
		Direction parsed = Direction.ENTRY;
		if (direction != null) {
			try {
				parsed = Direction.valueOf(direction.toUpperCase(Locale.ROOT));
			}
			catch (IllegalArgumentException ex) {
				// a direction this agent does not know: admitting is what it can do, and
				// the server judges every admission again (invariant 12)
				parsed = Direction.ENTRY;
			}
		}
		return new KioskPlacement(areaId, parsed);
	}

	/** Which way a kiosk lets people pass. */
	public enum Direction {

		/** Admissions only. */
		ENTRY,

		/** Exits only (never refused). */
		EXIT,

		/** Both: the attendee says whether they are leaving. */
		BOTH

	}

}
