package io.eventops.edge.kiosk;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * Publishes per kiosk, tagged by kioskId, its backlog (highest local seq reported minus
 * watermark, {@code eventops.edge.kiosk.backlog}), the seqs missing below the highest
 * seen ({@code eventops.edge.kiosk.gaps}) and when it last flushed
 * ({@code eventops.edge.kiosk.last.seen}, epoch seconds); kiosks are provisioned, so the
 * tag's cardinality is the fleet size.
 */
@Component
class BacklogGauges {

	private final MeterRegistry registry;

	private final Map<String, Values> values = new ConcurrentHashMap<>();

	BacklogGauges(MeterRegistry registry) {
		this.registry = registry;
	}

	void set(String kioskId, long backlog, long missing) {
		// a kiosk's three gauges registered at its first flush: no names built or meters
		// looked up per flush (#39)
		Values kiosk = this.values.get(kioskId);
		if (kiosk == null) {
			kiosk = this.values.computeIfAbsent(kioskId, this::register);
		}
		kiosk.backlog().set(Math.max(0, backlog));
		kiosk.gaps().set(missing);
		kiosk.lastSeen().set(System.currentTimeMillis() / 1000);
	}

	private Values register(String kioskId) {
		return new Values(
				gauge("eventops.edge.kiosk.backlog", kioskId,
						"Entries still on the kiosk (highest local seq reported minus watermark)", null),
				gauge("eventops.edge.kiosk.gaps", kioskId, "Seqs missing below the highest seq seen", null),
				gauge("eventops.edge.kiosk.last.seen", kioskId, "When the kiosk last flushed, epoch seconds",
						"seconds"));
	}

	private AtomicLong gauge(String name, String kioskId, String description, String unit) {
		AtomicLong value = new AtomicLong();
		Gauge.builder(name, value, AtomicLong::get)
			.description(description)
			.baseUnit(unit)
			.tag("kioskId", kioskId)
			.register(this.registry);
		return value;
	}

	private record Values(AtomicLong backlog, AtomicLong gaps, AtomicLong lastSeen) {
	}

}
