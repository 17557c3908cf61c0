package io.eventops.edge.flush;

import java.time.Duration;
import java.util.List;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Flag;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * Publishes flush metrics: {@code eventops.edge.entries} by outcome,
 * {@code eventops.edge.flags} by flag and the {@code eventops.edge.batch} latency.
 */
@Component
class FlushMetrics {

	private final MeterRegistry registry;

	private final Timer batch;

	FlushMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.batch = Timer.builder("eventops.edge.batch")
			.description("Latency of a flush from parse to acknowledgement")
			.register(registry);
	}

	void batch(List<EntryResult> results, Duration latency) {
		this.batch.record(latency);
		for (EntryResult result : results) {
			Counter.builder("eventops.edge.entries")
				.description("Flushed entries by outcome")
				.tag("outcome", result.outcome().name())
				.register(this.registry)
				.increment();
			for (Flag flag : result.flags()) {
				Counter.builder("eventops.edge.flags")
					.description("Time-rule flags raised")
					.tag("flag", flag.name())
					.register(this.registry)
					.increment();
			}
		}
	}

}
