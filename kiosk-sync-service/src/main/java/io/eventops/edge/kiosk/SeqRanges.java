package io.eventops.edge.kiosk;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * A kiosk's contiguous watermark and the islands of final seqs above it; advancing it
 * over newly final seqs yields the gaps below the highest seq seen (invariant 6: only
 * final outcomes move the watermark). Adjacent seqs are kept as one range and at most
 * {@link #MAX_ISLANDS} islands are kept (invariant 11: a kiosk's stored state is bounded
 * whatever it sends).
 *
 * @param contiguousThroughSeq every seq up to this one is final
 * @param islands final seqs above the watermark, ascending and disjoint, never adjacent
 * to the watermark
 */
record SeqRanges(long contiguousThroughSeq, List<Range> islands) {

	/**
	 * The most islands kept. Beyond it the highest are forgotten: that only ever keeps
	 * the watermark lower (a forgotten seq is reported as a gap until it is flushed
	 * again), never moves it over a seq that is not final. A kiosk flushing in order has
	 * at most a few islands; only one that skips every other seq gets here.
	 */
	static final int MAX_ISLANDS = 256;

	SeqRanges {
		islands = List.copyOf(islands);
	}

	static SeqRanges of(long contiguousThroughSeq, long[] flattened) {
		List<Range> islands = new ArrayList<>();
		for (int i = 0; i + 1 < flattened.length; i += 2) {
			islands.add(new Range(flattened[i], flattened[i + 1]));
		}
		return new SeqRanges(contiguousThroughSeq, islands);
	}

	/**
	 * Adds newly final seqs and advances the watermark over every island it reaches.
	 * @param finalSeqs seqs that got a final outcome
	 * @return the new state
	 */
	SeqRanges withFinal(Collection<Long> finalSeqs) {
		TreeSet<Long> fresh = new TreeSet<>();
		for (Long seq : finalSeqs) {
			if (seq > this.contiguousThroughSeq) {
				fresh.add(seq);
			}
		}
		List<Range> merged = new ArrayList<>();
		List<Range> all = new ArrayList<>(this.islands);
		for (Long seq : fresh) {
			all.add(new Range(seq, seq));
		}
		all.sort((a, b) -> Long.compare(a.fromSeq(), b.fromSeq()));
		for (Range range : all) {
			Range last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
			if (last != null && range.fromSeq() <= last.toSeq() + 1) {
				merged.set(merged.size() - 1, new Range(last.fromSeq(), Math.max(last.toSeq(), range.toSeq())));
			}
			else {
				merged.add(range);
			}
		}
		long contiguous = this.contiguousThroughSeq;
		while (!merged.isEmpty() && merged.get(0).fromSeq() <= contiguous + 1) {
			contiguous = Math.max(contiguous, merged.remove(0).toSeq());
		}
		return new SeqRanges(contiguous,
				(merged.size() > MAX_ISLANDS) ? List.copyOf(merged.subList(0, MAX_ISLANDS)) : merged);
	}

	/**
	 * The seqs below {@code highestSeenSeq} that are not final yet.
	 * @param highestSeenSeq the highest seq the kiosk ever sent
	 * @return the gaps, ascending
	 */
	List<Range> gaps(long highestSeenSeq) {
		List<Range> gaps = new ArrayList<>();
		long next = this.contiguousThroughSeq + 1;
		for (Range island : this.islands) {
			if (island.fromSeq() > next) {
				gaps.add(new Range(next, Math.min(island.fromSeq() - 1, highestSeenSeq)));
			}
			next = island.toSeq() + 1;
		}
		if (next <= highestSeenSeq) {
			gaps.add(new Range(next, highestSeenSeq));
		}
		return gaps;
	}

	Long[] flattened() {
		Long[] flat = new Long[this.islands.size() * 2];
		for (int i = 0; i < this.islands.size(); i++) {
			flat[2 * i] = this.islands.get(i).fromSeq();
			flat[2 * i + 1] = this.islands.get(i).toSeq();
		}
		return flat;
	}

	/**
	 * An inclusive range of seqs.
	 *
	 * @param fromSeq the first seq
	 * @param toSeq the last seq
	 */
	record Range(long fromSeq, long toSeq) {
	}

}
