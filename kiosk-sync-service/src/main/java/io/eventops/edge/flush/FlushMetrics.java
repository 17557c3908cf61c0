package io.eventops.edge.flush;

import java.time.Duration;
import java.util.List;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Flag;
import io.eventops.model.flush.Outcome;
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
		// every series exists from the start at 0: a dashboard shows a rate of 0, not "no
		// data"
		for (Outcome outcome : Outcome.values()) {
			entries(outcome);
		}
		for (Flag flag : Flag.values()) {
			flags(flag);
		}
	}

	void batch(List<EntryResult> results, Duration latency) {
		this.batch.record(latency);
		for (EntryResult result : results) {
			entries(result.outcome()).increment();
			for (Flag flag : result.flags()) {
				flags(flag).increment();
			}
		}
	}

	private Counter entries(Outcome outcome) {
		return Counter.builder("eventops.edge.entries")
			.description("Flushed entries by outcome")
			.tag("outcome", outcome.name())
			.register(this.registry);
	}

	private Counter flags(Flag flag) {
		return Counter.builder("eventops.edge.flags")
			.description("Time-rule flags raised")
			.tag("flag", flag.name())
			.register(this.registry);
	}

}
