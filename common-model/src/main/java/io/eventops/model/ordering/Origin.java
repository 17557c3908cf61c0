package io.eventops.model.ordering;

/**
 * Where a check-in record came from; the rank makes desk corrections outrank kiosk
 * writes.
 */
public enum Origin {

	/** A kiosk write: rank 0, per-kiosk seq, the kiosk id as tiebreak. */
	KIOSK(0),

	/** A help-desk correction: rank 1, server-issued seq. */
	DESK(1);

	private final int rank;

	Origin(int rank) {
		this.rank = rank;
	}

	public int rank() {
		return this.rank;
	}

	/**
	 * The origin of a rank.
	 * @param rank a rank stored with a record
	 * @return the origin
	 */
	public static Origin ofRank(int rank) {
		for (Origin origin : values()) {
			if (origin.rank == rank) {
				return origin;
			}
		}
		throw new IllegalArgumentException("unknown origin rank " + rank);
	}

}
