package io.eventops.model.ordering;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OrderingKeyTests {

	@Test
	void deskCorrectionOutranksAnyKioskWrite() {
		assertThat(OrderingKey.desk(1).outranks(OrderingKey.kiosk("kiosk-07", Long.MAX_VALUE))).isTrue();
		assertThat(OrderingKey.kiosk("kiosk-07", Long.MAX_VALUE).outranks(OrderingKey.desk(1))).isFalse();
	}

	@Test
	void higherSeqWinsThenKioskIdBreaksTies() {
		assertThat(OrderingKey.kiosk("kiosk-01", 9).outranks(OrderingKey.kiosk("kiosk-99", 8))).isTrue();
		assertThat(OrderingKey.kiosk("kiosk-02", 8).outranks(OrderingKey.kiosk("kiosk-01", 8))).isTrue();
		assertThat(OrderingKey.kiosk("kiosk-01", 8).outranks(OrderingKey.kiosk("kiosk-01", 8))).isFalse();
	}

	@Test
	void anythingOutranksNothing() {
		assertThat(OrderingKey.kiosk("kiosk-01", 1).outranks(null)).isTrue();
	}

	@Property(tries = 200)
	void theMaximumDoesNotDependOnArrivalOrder(@ForAll @IntRange(min = 1, max = 30) int size,
			@ForAll @LongRange(min = 1, max = 1000) long seed) {
		java.util.Random random = new java.util.Random(seed);
		List<OrderingKey> keys = new ArrayList<>();
		for (int i = 0; i < size; i++) {
			keys.add(random.nextInt(10) == 0 ? OrderingKey.desk(random.nextInt(5) + 1)
					: OrderingKey.kiosk("kiosk-0" + random.nextInt(4), random.nextInt(20) + 1));
		}
		OrderingKey forward = keys.stream().reduce((a, b) -> b.outranks(a) ? b : a).orElseThrow();
		java.util.Collections.shuffle(keys, random);
		OrderingKey shuffled = keys.stream().reduce((a, b) -> b.outranks(a) ? b : a).orElseThrow();
		assertThat(shuffled).isEqualTo(forward);
	}

}
