package io.eventops.edge.rules;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The indexed capture history answers as a plain scan of the bounded history would,
 * through retries (a seq recorded again) and evictions.
 */
class CaptureHistoryProperties {

	private static final Instant BASE = Instant.parse("2026-11-30T09:00:00Z");

	@Property(tries = 300)
	void answersAsAScanWould(@ForAll("operations") List<Op> operations) {
		int capacity = 8;
		CaptureHistory.KioskCaptures indexed = CaptureHistory.of(List.of(), capacity);
		Map<Long, Op> scanned = new LinkedHashMap<>(16, 0.75f, false) {
			@Override
			protected boolean removeEldestEntry(Map.Entry<Long, Op> eldest) {
				return size() > capacity;
			}
		};
		for (Op op : operations) {
			Instant at = BASE.plusSeconds(op.second());
			Instant from = at.minusSeconds(60);
			long expectedCount = scanned.entrySet()
				.stream()
				.filter((e) -> e.getKey() != op.seq())
				.map((e) -> BASE.plusSeconds(e.getValue().second()))
				.filter((t) -> t.isAfter(from) && !t.isAfter(at))
				.count();
			boolean expectedTap = scanned.entrySet()
				.stream()
				.anyMatch((e) -> e.getKey() != op.seq() && e.getValue().attendee().equals(op.attendee())
						&& Math.abs(e.getValue().second() - op.second()) <= 30);
			assertThat(indexed.countWithin(from, at, op.seq())).isEqualTo(expectedCount);
			assertThat(indexed.tapped(op.attendee(), at, Duration.ofSeconds(30), op.seq())).isEqualTo(expectedTap);
			indexed.record(op.seq(), op.attendee(), at);
			scanned.put(op.seq(), op);
		}
	}

	@Provide
	Arbitrary<List<Op>> operations() {
		return Combinators
			.combine(Arbitraries.longs().between(1, 20), Arbitraries.of("att_1", "att_2", "att_3"),
					Arbitraries.integers().between(0, 240))
			.as(Op::new)
			.list()
			.ofMaxSize(60);
	}

	record Op(long seq, String attendee, int second) {
	}

}
