package io.eventops.edge.stream;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.eventops.edge.web.EdgeException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * Hands out this replica's long-poll and stream slots, a bounded share per kiosk and a
 * bounded total (invariant 11), and refuses with {@code Retry-After} when none is free.
 * The counts live in this JVM on purpose: what they protect (open connections, parked
 * requests) is this replica's, and a slot kept in Redis would outlive a replica that died
 * holding it.
 */
@Component
public class StreamSlots {

	private final ConcurrentHashMap<String, Integer> perKiosk = new ConcurrentHashMap<>();

	private final AtomicInteger total = new AtomicInteger();

	private final StreamProperties properties;

	private final Counter kioskRefusals;

	private final Counter totalRefusals;

	StreamSlots(StreamProperties properties, MeterRegistry registry) {
		this.properties = properties;
		Gauge.builder("eventops.edge.streams.open", this.total, AtomicInteger::get)
			.description("Long polls and change streams this replica holds open")
			.register(registry);
		this.kioskRefusals = refusals(registry, "kiosk");
		this.totalRefusals = refusals(registry, "total");
	}

	private static Counter refusals(MeterRegistry registry, String scope) {
		return Counter.builder("eventops.edge.streams.refused")
			.description("Long polls and change streams refused for want of a slot")
			.tag("scope", scope)
			.register(registry);
	}

	/**
	 * Takes a slot for one long poll or stream of a kiosk.
	 * @param kioskId the kiosk
	 * @return the slot, to close when the request ends
	 * @throws EdgeException 429 when the kiosk holds all its slots, 503 when the replica
	 * holds all of them, both with {@code Retry-After}
	 */
	public Slot acquire(String kioskId) {
		AtomicBoolean taken = new AtomicBoolean();
		// counted inside compute: the check and the increment are one step per kiosk
		this.perKiosk.compute(kioskId, (id, count) -> {
			int held = (count != null) ? count : 0;
			if (held >= this.properties.perKiosk()) {
				return count;
			}
			taken.set(true);
			return held + 1;
		});
		if (!taken.get()) {
			this.kioskRefusals.increment();
			throw EdgeException.tooManyStreams(this.properties.perKiosk(), this.properties.retryAfter());
		}
		if (this.total.incrementAndGet() > this.properties.total()) {
			this.total.decrementAndGet();
			release(kioskId);
			this.totalRefusals.increment();
			throw EdgeException.streamsFull(this.properties.retryAfter());
		}
		return new Slot(kioskId);
	}

	/**
	 * How many slots a kiosk holds now.
	 * @param kioskId the kiosk
	 * @return its open long polls and streams on this replica
	 */
	public int held(String kioskId) {
		return this.perKiosk.getOrDefault(kioskId, 0);
	}

	private void release(String kioskId) {
		// drops the kiosk's entry at zero, so the map holds only kiosks with open
		// requests
		this.perKiosk.computeIfPresent(kioskId, (id, count) -> (count <= 1) ? null : count - 1);
	}

	/**
	 * One held slot; closing it more than once gives it back once.
	 */
	public final class Slot implements AutoCloseable {

		private final String kioskId;

		private final AtomicBoolean open = new AtomicBoolean(true);

		private Slot(String kioskId) {
			this.kioskId = kioskId;
		}

		@Override
		public void close() {
			if (this.open.compareAndSet(true, false)) {
				StreamSlots.this.total.decrementAndGet();
				release(this.kioskId);
			}
		}

	}

}
