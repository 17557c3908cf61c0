package io.eventops.drills.herd;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class HerdSummaryTests {

	@Test
	void theP99FloorIsWhatTheDatabaseAloneNeedsForTheBatchesInFlightAtOnce() {
		// the default herd: one 250-entry batch per kiosk, so 99 % of 50 000 entries are
		// applied before the p99 batch is answered
		assertThat(HerdSummary.p99FloorSeconds(plan(250, 500), 33_000)).isCloseTo(1.5, within(1e-9));
		// batches of 50: 200 of them in flight at once
		assertThat(HerdSummary.p99FloorSeconds(plan(250, 50), 33_000)).isCloseTo(0.3, within(1e-9));
	}

	private static HerdPlan plan(int entries, int batchSize) {
		return new HerdPlan(200, entries, 30_000, 0.1, 0.05, 20, batchSize, 4, 42);
	}

}
