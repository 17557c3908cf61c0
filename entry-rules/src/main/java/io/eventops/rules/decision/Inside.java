package io.eventops.rules.decision;

import io.eventops.rules.policy.CompiledPolicy;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who is inside an area, derived from admissions, exits and annulments in capture order
 * (invariant 13): the last counted movement of an attendee in the area says in or out.
 * Any permutation and duplication of the same movements gives the same set.
 */
public final class Inside {

	private Inside() {
	}

	/**
	 * Who is inside after every given movement.
	 * @param areaId the area
	 * @param movements movements of any attendees, in any order, possibly duplicated
	 * @return the attendee ids inside, sorted
	 */
	public static Set<String> now(String areaId, Collection<Movement> movements) {
		return inside(areaId, History.of(movements, (movement) -> true), null, null, null);
	}

	/**
	 * Who is inside at an instant: movements captured up to it count, and the area's
	 * automatic check-out ({@code exitAllAt}) has emptied it at that local time every
	 * day.
	 * @param policy the policy
	 * @param areaId an area of the policy
	 * @param movements movements of any attendees, in any order, possibly duplicated
	 * @param at the instant
	 * @return the attendee ids inside, sorted
	 */
	public static Set<String> at(CompiledPolicy policy, String areaId, Collection<Movement> movements, Instant at) {
		LocalTime exitAllAt = policy.area(areaId).map((area) -> area.area().exitAllAt()).orElse(null);
		History history = History.of(movements, (movement) -> !movement.capturedAt().isAfter(at));
		return inside(areaId, history, exitAllAt, policy.zone(), at);
	}

	/**
	 * Who holds a place in an area at an instant (invariant 14): as {@link #at}, but
	 * counting every movement whenever it was captured, so that an admission a kiosk
	 * clock ahead of the server's captured "later" takes its place now (found in review);
	 * the automatic check-out applies as of the instant.
	 * @param policy the policy
	 * @param areaId an area of the policy
	 * @param movements movements of any attendees, in any order, possibly duplicated
	 * @param at the instant
	 * @return the attendee ids, sorted
	 */
	public static Set<String> holding(CompiledPolicy policy, String areaId, Collection<Movement> movements,
			Instant at) {
		LocalTime exitAllAt = policy.area(areaId).map((area) -> area.area().exitAllAt()).orElse(null);
		return inside(areaId, History.of(movements, (movement) -> true), exitAllAt, policy.zone(), at);
	}

	/**
	 * Whether one attendee is inside, from their history before an instant.
	 * @param areaId the area
	 * @param history the attendee's counted movements
	 * @param exitAllAt the area's automatic check-out, or {@code null}
	 * @param zone the policy's zone
	 * @param at the instant
	 * @return whether inside
	 */
	static boolean isInside(String areaId, History history, LocalTime exitAllAt, ZoneId zone, Instant at) {
		return !inside(areaId, history, exitAllAt, zone, at).isEmpty();
	}

	private static Set<String> inside(String areaId, History history, LocalTime exitAllAt, ZoneId zone, Instant at) {
		Map<String, Instant> enteredAt = new HashMap<>();
		for (Movement movement : history.counted()) {
			if (!areaId.equals(movement.areaId())) {
				continue;
			}
			if (movement.type() == MovementType.CHECK_IN) {
				enteredAt.put(movement.attendeeId(), movement.capturedAt());
			}
			else {
				enteredAt.remove(movement.attendeeId());
			}
		}
		Set<String> inside = new TreeSet<>();
		enteredAt.forEach((attendee, entered) -> {
			if (exitAllAt == null || !checkedOutBy(entered, exitAllAt, zone, at)) {
				inside.add(attendee);
			}
		});
		return Collections.unmodifiableSet(inside);
	}

	/**
	 * Whether the first automatic check-out after an admission has happened by an
	 * instant.
	 */
	private static boolean checkedOutBy(Instant entered, LocalTime exitAllAt, ZoneId zone, Instant at) {
		ZonedDateTime local = entered.atZone(zone);
		Instant sameDay = ZonedDateTime.ofLocal(LocalDateTime.of(local.toLocalDate(), exitAllAt), zone, null)
			.toInstant();
		Instant next = sameDay.isAfter(entered) ? sameDay
				: ZonedDateTime.ofLocal(LocalDateTime.of(local.toLocalDate().plusDays(1), exitAllAt), zone, null)
					.toInstant();
		return !next.isAfter(at);
	}

}
