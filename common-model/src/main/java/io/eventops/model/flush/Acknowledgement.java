package io.eventops.model.flush;

import java.util.Comparator;
import java.util.List;

/**
 * Computes the {@code ackedThroughSeq} of a flush from its per-entry results (invariant
 * 6).
 */
public final class Acknowledgement {

	private Acknowledgement() {
	}

	/**
	 * The highest seq {@code s} of the request such that every entry with seq &le; s has
	 * a final outcome. When the lowest entry is not final, that is one below the lowest
	 * seq of the request: nothing of this request is acknowledged.
	 * @param results the results of one request, in any order
	 * @return the seq a kiosk may advance its watermark to
	 * @throws IllegalArgumentException when {@code results} is empty (a heartbeat has no
	 * request-local answer: the edge answers with its contiguous watermark instead)
	 */
	public static long ackedThroughSeq(List<EntryResult> results) {
		if (results.isEmpty()) {
			throw new IllegalArgumentException("a heartbeat has no request-local acknowledgement");
		}
		List<EntryResult> bySeq = results.stream().sorted(Comparator.comparingLong(EntryResult::seq)).toList();
		long acked = bySeq.get(0).seq() - 1;
		for (EntryResult result : bySeq) {
			if (!result.outcome().isFinal()) {
				// every later seq stays unacknowledged, also when a duplicate of this seq
				// was final
				return Math.min(acked, result.seq() - 1);
			}
			acked = result.seq();
		}
		return acked;
	}

}
