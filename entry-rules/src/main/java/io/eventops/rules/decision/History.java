package io.eventops.rules.decision;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Movements in their one order with duplicates gone and annulled admissions dropped: what
 * counts. An annulment undoes the admission of the same attendee with the key it names,
 * wherever the two stand in the order (invariant 13: an annulled admission counts
 * nowhere). Refused attempts and annulments themselves count nowhere either.
 */
final class History {

	private final List<Movement> counted;

	private History(List<Movement> counted) {
		this.counted = counted;
	}

	/**
	 * The history of the movements that pass a filter.
	 * @param movements movements in any order, possibly duplicated
	 * @param filter which admissions and exits to consider (every annulment counts)
	 * @return the history
	 */
	static History of(Collection<Movement> movements, Predicate<Movement> filter) {
		TreeSet<Movement> ordered = new TreeSet<>(MovementOrder.MOVEMENTS);
		Set<String> annulled = new HashSet<>();
		for (Movement movement : movements) {
			if (filter.test(movement)) {
				ordered.add(movement);
			}
			// an annulled admission counts nowhere, whenever the annulment was captured
			// (invariant 13): the filter chooses admissions and exits, never annulments
			if (movement.type() == MovementType.ANNUL) {
				annulled.add(movement.attendeeId() + '\u0000' + movement.annulledKey());
			}
		}
		List<Movement> counted = new ArrayList<>();
		for (Movement movement : ordered) {
			boolean counts = switch (movement.type()) {
				case CHECK_IN -> !annulled.contains(movement.attendeeId() + '\u0000' + movement.key());
				case EXIT -> true;
				case ANNUL, REFUSED -> false;
			};
			if (counts) {
				counted.add(movement);
			}
		}
		return new History(List.copyOf(counted));
	}

	/**
	 * Admissions and exits that count, in order.
	 * @return the movements
	 */
	List<Movement> counted() {
		return this.counted;
	}

	List<Movement> admissions() {
		return this.counted.stream().filter((movement) -> movement.type() == MovementType.CHECK_IN).toList();
	}

}
