package io.eventops.edge.stream;

import java.time.Duration;

import io.eventops.edge.web.EdgeException;
import io.eventops.edge.web.EdgeProblem;
import io.eventops.web.Refusal;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class StreamSlotsTests {

	private final StreamSlots slots = new StreamSlots(
			new StreamProperties(2, 3, Duration.ofSeconds(4), Duration.ofSeconds(5)), new SimpleMeterRegistry());

	@Test
	void aKioskGetsItsShareAndTheReplicaItsTotalAndAClosedSlotIsFreeAgain() {
		StreamSlots.Slot first = this.slots.acquire("k-1");
		this.slots.acquire("k-1");
		EdgeException kioskFull = catchThrowableOfType(EdgeException.class, () -> this.slots.acquire("k-1"));
		assertThat(kioskFull.kind()).isEqualTo(Refusal.Kind.THROTTLED);
		assertThat(kioskFull.type()).isEqualTo(EdgeProblem.TOO_MANY_STREAMS);
		assertThat(kioskFull.retryAfter()).hasSeconds(4);

		this.slots.acquire("k-2");
		EdgeException replicaFull = catchThrowableOfType(EdgeException.class, () -> this.slots.acquire("k-3"));
		assertThat(replicaFull.kind()).isEqualTo(Refusal.Kind.UNAVAILABLE);
		assertThat(replicaFull.type()).isEqualTo(EdgeProblem.STREAMS_FULL);
		assertThat(this.slots.held("k-3")).isZero();

		first.close();
		first.close();
		assertThat(this.slots.held("k-1")).isOne();
		this.slots.acquire("k-3");
		assertThat(catchThrowableOfType(EdgeException.class, () -> this.slots.acquire("k-1")).type())
			.isEqualTo(EdgeProblem.STREAMS_FULL);
	}

}
