package io.eventops.edge.kiosk;

import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SeqRangesTests {

	@Test
	void watermarkStopsAtTheFirstGapAndAdvancesWhenItCloses() {
		SeqRanges ranges = SeqRanges.of(0, new long[0]).withFinal(seqs(1, 10)).withFinal(seqs(15, 20));

		assertThat(ranges.contiguousThroughSeq()).isEqualTo(10);
		assertThat(ranges.gaps(20)).containsExactly(new SeqRanges.Range(11, 14));

		SeqRanges healed = SeqRanges.of(ranges.contiguousThroughSeq(), unbox(ranges.flattened()))
			.withFinal(seqs(11, 14));

		assertThat(healed.contiguousThroughSeq()).isEqualTo(20);
		assertThat(healed.islands()).isEmpty();
		assertThat(healed.gaps(20)).isEmpty();
	}

	@Test
	void seqsSeenButNotFinalAreGapsAboveTheLastIsland() {
		SeqRanges ranges = SeqRanges.of(3, new long[0]).withFinal(List.of(5L, 7L, 2L));

		assertThat(ranges.contiguousThroughSeq()).isEqualTo(3);
		assertThat(ranges.gaps(9)).containsExactly(new SeqRanges.Range(4, 4), new SeqRanges.Range(6, 6),
				new SeqRanges.Range(8, 9));
	}

	@Test
	void islandsAreBoundedAndForgettingOneNeverMovesTheWatermarkOverAGap() {
		// every other seq: the most islands a kiosk can make
		List<Long> odd = LongStream.rangeClosed(1, 2000).filter((seq) -> seq % 2 == 1).boxed().toList();
		SeqRanges ranges = SeqRanges.of(0, new long[0]).withFinal(odd.subList(1, odd.size()));

		assertThat(ranges.islands()).hasSize(SeqRanges.MAX_ISLANDS);
		assertThat(ranges.flattened()).hasSize(2 * SeqRanges.MAX_ISLANDS);
		assertThat(ranges.contiguousThroughSeq()).isZero();

		// every seq up to 2000 is final now, but those of forgotten islands were never
		// seen as final: the watermark stops below the first of them
		SeqRanges filled = ranges
			.withFinal(LongStream.rangeClosed(1, 2000).filter((seq) -> seq % 2 == 0 || seq == 1).boxed().toList());

		long lastKept = 2L * SeqRanges.MAX_ISLANDS + 1;
		assertThat(filled.contiguousThroughSeq()).isEqualTo(lastKept + 1);
		assertThat(filled.gaps(2000)).first().isEqualTo(new SeqRanges.Range(lastKept + 2, lastKept + 2));
	}

	private static List<Long> seqs(long from, long to) {
		return LongStream.rangeClosed(from, to).boxed().toList();
	}

	private static long[] unbox(Long[] values) {
		long[] result = new long[values.length];
		for (int i = 0; i < values.length; i++) {
			result[i] = values[i];
		}
		return result;
	}

}
