package io.eventops.edge.rules;

import java.util.List;

import io.eventops.model.flush.Flag;

/**
 * What the time rules found about one entry.
 *
 * @param staleReplay whether the entry is rejected as a replay of history
 * @param flags informational findings of an entry that is not rejected
 */
public record Verdict(boolean staleReplay, List<Flag> flags) {

	public Verdict {
		flags = List.copyOf(flags);
	}

	static Verdict stale() {
		return new Verdict(true, List.of());
	}

}
