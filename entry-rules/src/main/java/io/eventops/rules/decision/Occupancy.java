package io.eventops.rules.decision;

/**
 * How full an area is at the attempt, as the caller knows it (the kiosk from its
 * allowance, the server from inside-now).
 *
 * @param inside attendees inside the area
 * @param capacity the places this decision may fill
 */
public record Occupancy(long inside, long capacity) {

	public Occupancy {
		if (inside < 0 || capacity < 0) {
			throw new IllegalArgumentException("inside and capacity must not be negative");
		}
	}

	boolean full() {
		return this.inside >= this.capacity;
	}

}
