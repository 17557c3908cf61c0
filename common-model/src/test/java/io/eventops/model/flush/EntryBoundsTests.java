package io.eventops.model.flush;

import java.time.OffsetDateTime;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EntryBoundsTests {

	@Test
	void timesArePlausibleFromTheEpochUpToTheTwentyThirdCenturyWhateverTheirOffset() {
		assertThat(EntryBounds.isPlausible(OffsetDateTime.parse("1970-01-01T00:00:00Z"))).isTrue();
		assertThat(EntryBounds.isPlausible(OffsetDateTime.parse("1970-01-01T01:00:00+01:00"))).isTrue();
		assertThat(EntryBounds.isPlausible(OffsetDateTime.parse("2199-12-31T23:59:59.999999999Z"))).isTrue();
		assertThat(EntryBounds.isPlausible(OffsetDateTime.parse("1970-01-01T00:59:59+01:00"))).isFalse();
		assertThat(EntryBounds.isPlausible(OffsetDateTime.parse("2200-01-01T00:00:00Z"))).isFalse();
		assertThat(EntryBounds.isPlausible(OffsetDateTime.parse("2199-12-31T18:00:00-06:00"))).isFalse();
		assertThat(EntryBounds.isPlausible(OffsetDateTime.parse("0000-01-01T00:00:00Z"))).isFalse();
	}

	@Test
	void seqsRunFromOneToTheLargestExactJsonInteger() {
		assertThat(EntryBounds.isValidSeq(1)).isTrue();
		assertThat(EntryBounds.isValidSeq(9_007_199_254_740_991L)).isTrue();
		assertThat(EntryBounds.isValidSeq(9_007_199_254_740_992L)).isFalse();
		assertThat(EntryBounds.isValidSeq(0)).isFalse();
		assertThat(EntryBounds.isValidSeq(Long.MAX_VALUE)).isFalse();
		assertThat(EntryBounds.MAX_SEQ + 1).isPositive();
	}

}
