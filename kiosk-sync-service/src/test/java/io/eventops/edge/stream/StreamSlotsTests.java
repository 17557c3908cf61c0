package io.eventops.edge.stream;

import java.time.Duration;

import io.eventops.edge.web.EdgeException;
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
		assertThat(kioskFull.status().value()).isEqualTo(429);
		assertThat(kioskFull.retryAfter()).hasSeconds(4);

		this.slots.acquire("k-2");
		EdgeException replicaFull = catchThrowableOfType(EdgeException.class, () -> this.slots.acquire("k-3"));
		assertThat(replicaFull.status().value()).isEqualTo(503);
		assertThat(this.slots.held("k-3")).isZero();

		first.close();
		first.close();
		assertThat(this.slots.held("k-1")).isOne();
		this.slots.acquire("k-3");
		assertThat(catchThrowableOfType(EdgeException.class, () -> this.slots.acquire("k-1")).status().value())
			.isEqualTo(503);
	}

}
