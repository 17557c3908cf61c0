package io.eventops.edge.flush;

import java.time.Duration;
import java.util.stream.Stream;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;

import org.springframework.stereotype.Component;

/**
 * Gives the flush latency timer ({@code eventops.edge.batch}) histogram buckets at the
 * flush SLO's threshold (99% within 1 s) and around it, so that Prometheus can count the
 * slow flushes of every replica for the SLO's burn-rate alerts. Spring Boot applies
 * {@link MeterFilter} beans to the registry before the timer is registered.
 */
@Component
class FlushLatencySlo implements MeterFilter {

	static final String TIMER = "eventops.edge.batch";

	/** The buckets; 1 s is the SLO, the others show how far off a slow flush is. */
	static final Duration[] BUCKETS = { Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
			Duration.ofSeconds(2), Duration.ofSeconds(5) };

	@Override
	public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
		if (!TIMER.equals(id.getName())) {
			return config;
		}
		// a timer's service level objectives are in nanoseconds
		double[] nanos = Stream.of(BUCKETS).mapToDouble(Duration::toNanos).toArray();
		return DistributionStatisticConfig.builder().serviceLevelObjectives(nanos).build().merge(config);
	}

}
