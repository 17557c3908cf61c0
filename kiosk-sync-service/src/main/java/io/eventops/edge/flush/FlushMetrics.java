package io.eventops.edge.flush;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

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

	private final Map<Outcome, Counter> entries = new EnumMap<>(Outcome.class);

	private final Map<Flag, Counter> flags = new EnumMap<>(Flag.class);

	FlushMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.batch = Timer.builder("eventops.edge.batch")
			.description("Latency of a flush from parse to acknowledgement")
			.register(registry);
		// every series exists from the start at 0: a dashboard shows a rate of 0, not "no
		// data"
		for (Outcome outcome : Outcome.values()) {
			this.entries.put(outcome, entries(outcome));
		}
		for (Flag flag : Flag.values()) {
			this.flags.put(flag, flags(flag));
		}
	}

	void batch(List<EntryResult> results, Duration latency) {
		this.batch.record(latency);
		// the counters registered at start: nothing built or looked up per entry (#39)
		for (EntryResult result : results) {
			this.entries.get(result.outcome()).increment();
			for (Flag flag : result.flags()) {
				this.flags.get(flag).increment();
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
