package io.eventops.edge.flush;

import java.time.Duration;

import io.eventops.edge.web.EdgeException;
import io.eventops.web.ProblemExceptionHandler;
import io.eventops.web.admission.AdmissionLimitProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Large flush bodies (a backlog) are read and checked a few at a time, a live kiosk's
 * small one at once (issue #24); a large body that waits too long gets a 503 with
 * {@code Retry-After}, nothing read.
 */
class CheckLanesTests {

	private final CheckLanes lanes = new CheckLanes(
			new FlushProperties(2, Duration.ofSeconds(1), AdmissionLimitProperties.fixed(2), 16_384),
			Duration.ofMillis(50), Duration.ofSeconds(5), new SimpleMeterRegistry());

	@Test
	void aSmallBodyIsCheckedAtOnceWhileTheBacklogHoldsEveryPermit() {
		CheckLanes.Permit first = this.lanes.enter(150_000);
		CheckLanes.Permit second = this.lanes.enter(150_000);
		assertThat(this.lanes.checking()).isEqualTo(2);

		try (CheckLanes.Permit live = this.lanes.enter(400)) {
			assertThat(this.lanes.checking()).isEqualTo(2);
		}
		// a third large body, or one of unknown length (chunked), waits, then 503
		for (long length : new long[] { 150_000, -1 }) {
			assertThatExceptionOfType(EdgeException.class).isThrownBy(() -> this.lanes.enter(length))
				.satisfies((ex) -> {
					assertThat(ProblemExceptionHandler.status(ex.kind()).value()).isEqualTo(503);
					assertThat(ex.retryAfter()).isEqualTo(Duration.ofSeconds(5));
				});
		}

		first.close();
		try (CheckLanes.Permit next = this.lanes.enter(150_000)) {
			assertThat(this.lanes.checking()).isEqualTo(2);
		}
		second.close();
		assertThat(this.lanes.checking()).isZero();
	}

	@Test
	void noBoundWhenTheLaneIsOff() {
		CheckLanes unbounded = new CheckLanes(
				new FlushProperties(2, Duration.ofSeconds(1),
						new AdmissionLimitProperties(false, true, 1, 1, 1, Duration.ofMillis(500)), 16_384),
				Duration.ofMillis(50), Duration.ofSeconds(5), new SimpleMeterRegistry());
		for (int i = 0; i < 100; i++) {
			unbounded.enter(150_000);
		}
		assertThat(unbounded.checking()).isZero();
	}

}
