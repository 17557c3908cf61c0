package io.eventops.rules.decision;

import io.eventops.rules.policy.Area;
import io.eventops.rules.policy.OpenWindow;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Set;

/**
 * Whether an area is open at an instant. A window's local times become instants in the
 * policy's zone: {@code from} at its earlier occurrence and {@code until} at its later
 * one when the clock goes back, the instant after the gap when it skips forward; the
 * tolerance widens both ends.
 */
final class Windows {

	private Windows() {
	}

	static boolean open(Area area, Set<LocalDate> eventDays, ZoneId zone, Instant at) {
		if (area.open().isEmpty()) {
			return true;
		}
		Duration tolerance = Duration.ofMinutes(area.toleranceMinutes());
		LocalDate local = at.atZone(zone).toLocalDate();
		// a tolerance may reach over midnight, so the neighbouring days' windows count
		// too
		for (LocalDate day : List.of(local.minusDays(1), local, local.plusDays(1))) {
			for (OpenWindow window : area.open()) {
				boolean applies = (window.day() != null) ? window.day().equals(day) : eventDays.contains(day);
				if (applies && within(window, day, zone, tolerance, at)) {
					return true;
				}
			}
		}
		return false;
	}

	private static boolean within(OpenWindow window, LocalDate day, ZoneId zone, Duration tolerance, Instant at) {
		Instant from = ZonedDateTime.ofLocal(LocalDateTime.of(day, window.from()), zone, null)
			.withEarlierOffsetAtOverlap()
			.toInstant()
			.minus(tolerance);
		Instant until = ZonedDateTime.ofLocal(LocalDateTime.of(day, window.until()), zone, null)
			.withLaterOffsetAtOverlap()
			.toInstant()
			.plus(tolerance);
		return !at.isBefore(from) && at.isBefore(until);
	}

}
