package io.eventops.rules.decision;

/**
 * How full an area is at the attempt, as the caller knows it: the server from inside-now
 * (someone inside already holds their place and is not refused), a kiosk from its
 * escrowed allowance (every admission takes a place of it, see {@link Escrow}).
 *
 * @param inside attendees inside the area, or for an allowance the kiosk's net admissions
 * @param capacity the places this decision may fill
 * @param everyAdmission whether every admission needs a free place, even of someone the
 * caller believes inside (an allowance: the belief may be stale, the place is not)
 */
public record Occupancy(long inside, long capacity, boolean everyAdmission) {

	public Occupancy {
		if (inside < 0 || capacity < 0) {
			throw new IllegalArgumentException("inside and capacity must not be negative");
		}
	}

	/**
	 * Inside-now against the area's capacity.
	 * @param inside attendees inside
	 * @param capacity the area's capacity
	 */
	public Occupancy(long inside, long capacity) {
		this(inside, capacity, false);
	}

	/**
	 * Whether no place is left.
	 * @return whether full
	 */
	public boolean full() {
		return this.inside >= this.capacity;
	}

}
