package io.eventops.rules.policy;

import java.time.LocalDate;
import java.time.LocalTime;

/**
 * A time an area is open, on the policy's local clock: from {@code from} (inclusive)
 * until {@code until} (exclusive), widened by the area's tolerance on both sides. When a
 * local time happens twice (the night summer time ends), {@code from} means the first and
 * {@code until} the second, so the window is as wide as the clock allows; a local time
 * that does not happen (the night summer time starts) means the instant after the gap.
 *
 * @param day the event day it applies to, or {@code null} for every day of the event
 * @param from opening time
 * @param until closing time, after {@code from} on the same day
 */
public record OpenWindow(LocalDate day, LocalTime from, LocalTime until) {

	/**
	 * A window on every day of the event.
	 * @param from opening time
	 * @param until closing time
	 * @return the window
	 */
	public static OpenWindow daily(LocalTime from, LocalTime until) {
		return new OpenWindow(null, from, until);
	}

}
