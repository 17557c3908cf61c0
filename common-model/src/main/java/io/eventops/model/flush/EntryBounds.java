package io.eventops.model.flush;

import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * The documented bounds of what an entry may carry beyond its schema, so that everything
 * that passes them can be stored and compared (invariant 11): a seq at most
 * {@link #MAX_SEQ}, and capture and queue times within [{@link #EARLIEST_TIME},
 * {@link #LATEST_TIME}).
 */
public final class EntryBounds {

	/**
	 * The highest seq a kiosk may use: 2<sup>53</sup> − 1, the largest integer every JSON
	 * reader (a JavaScript one too) reads exactly, and far enough below
	 * {@code Long.MAX_VALUE} that {@code seq + 1} never overflows.
	 */
	public static final long MAX_SEQ = (1L << 53) - 1;

	/**
	 * The earliest plausible capture or queue time: the Unix epoch, what a kiosk whose
	 * clock lost its battery reads (kept, since such a check-in is still real). Anything
	 * before it (year 0, which PostgreSQL refuses) is no clock reading at all.
	 */
	public static final Instant EARLIEST_TIME = Instant.parse("1970-01-01T00:00:00Z");

	/** The first implausible time ahead: no kiosk clock reads the 23rd century. */
	public static final Instant LATEST_TIME = Instant.parse("2200-01-01T00:00:00Z");

	private EntryBounds() {
	}

	/**
	 * Whether a seq is within bounds.
	 * @param seq the seq
	 * @return {@code true} for 1 to {@link #MAX_SEQ}
	 */
	public static boolean isValidSeq(long seq) {
		return seq >= 1 && seq <= MAX_SEQ;
	}

	/**
	 * Whether a time is a plausible clock reading.
	 * @param time the time, any offset
	 * @return {@code true} when its instant is within [{@link #EARLIEST_TIME},
	 * {@link #LATEST_TIME})
	 */
	public static boolean isPlausible(OffsetDateTime time) {
		Instant instant = time.toInstant();
		return !instant.isBefore(EARLIEST_TIME) && instant.isBefore(LATEST_TIME);
	}

}
