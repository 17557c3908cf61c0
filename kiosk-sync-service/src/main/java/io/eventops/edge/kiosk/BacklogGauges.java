package io.eventops.edge.kiosk;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * Publishes each kiosk's backlog (highest local seq reported minus watermark) as the
 * gauge {@code eventops.edge.kiosk.backlog}, tagged by kioskId; kiosks are provisioned,
 * so the tag's cardinality is the fleet size.
 */
@Component
class BacklogGauges {

	private final MeterRegistry registry;

	private final Map<String, AtomicLong> backlogs = new ConcurrentHashMap<>();

	BacklogGauges(MeterRegistry registry) {
		this.registry = registry;
	}

	void set(String kioskId, long backlog) {
		this.backlogs.computeIfAbsent(kioskId, (id) -> {
			AtomicLong value = new AtomicLong();
			Gauge.builder("eventops.edge.kiosk.backlog", value, AtomicLong::get)
				.description("Entries still on the kiosk (highest local seq reported minus watermark)")
				.tag("kioskId", id)
				.register(this.registry);
			return value;
		}).set(Math.max(0, backlog));
	}

}
