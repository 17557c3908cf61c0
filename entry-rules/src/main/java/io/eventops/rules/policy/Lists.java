package io.eventops.rules.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Immutable copies of the lists a policy is read with: JSON may leave a list out (empty)
 * or hold {@code null} elements, which the validator reports by position instead of a
 * constructor failing on the first.
 */
final class Lists {

	private Lists() {
	}

	static <T> List<T> copy(List<T> list) {
		return (list != null) ? Collections.unmodifiableList(new ArrayList<>(list)) : List.of();
	}

}
