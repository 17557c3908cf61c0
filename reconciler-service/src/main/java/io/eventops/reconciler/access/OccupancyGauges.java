package io.eventops.reconciler.access;

import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.rules.policy.CompiledPolicy;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Publishes who is inside each area of every event with a policy as the gauge
 * {@code eventops_area_inside{eventId,areaId}}, and the area's capacity, when it has one,
 * as {@code eventops_area_capacity{eventId,areaId}}. Both are read from PostgreSQL on a
 * schedule with the code the occupancy endpoint uses, so every replica shows the same
 * value (invariant 13), and the alert at 90 % of capacity divides one by the other.
 */
@Component
class OccupancyGauges {

	private static final Logger logger = LoggerFactory.getLogger(OccupancyGauges.class);

	private static final String EVENTS = "SELECT DISTINCT event_id FROM reconciler.event_policies";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	private final AreaOccupancy occupancy;

	private final MeterRegistry registry;

	private final Clock clock;

	private final Map<Key, AtomicLong> inside = new ConcurrentHashMap<>();

	private final Map<Key, AtomicLong> capacity = new ConcurrentHashMap<>();

	OccupancyGauges(JdbcTemplate jdbc, PolicyStore policies, AreaOccupancy occupancy, MeterRegistry registry,
			Clock clock) {
		this.jdbc = jdbc;
		this.policies = policies;
		this.occupancy = occupancy;
		this.registry = registry;
		this.clock = clock;
	}

	@Scheduled(fixedDelayString = "${eventops.reconciler.headcount-refresh:10s}", initialDelayString = "1s")
	void refresh() {
		Instant now = this.clock.instant();
		Set<Key> seen = new HashSet<>();
		for (String eventId : this.jdbc.queryForList(EVENTS, String.class)) {
			CompiledPolicy policy = current(eventId);
			if (policy == null) {
				continue;
			}
			List<String> areas = policy.policy().areas().stream().map((area) -> area.areaId()).toList();
			this.occupancy.inside(eventId, policy, areas, now).forEach((area, count) -> {
				Key key = new Key(eventId, area);
				seen.add(key);
				value(this.inside, "eventops.area.inside",
						"Attendees inside the area now: their last counted movement there is an admission", key)
					.set(count);
			});
			policy.policy().areas().forEach((area) -> {
				Key key = new Key(eventId, area.areaId());
				if (area.capacity() != null) {
					value(this.capacity, "eventops.area.capacity", "The most attendees the area holds at once", key)
						.set(area.capacity());
				}
				else {
					forget(this.capacity, "eventops.area.capacity", key);
				}
			});
		}
		// an area a new policy version dropped counts nobody and holds nothing
		this.inside.keySet().stream().filter((key) -> !seen.contains(key)).toList().forEach((key) -> {
			this.inside.get(key).set(0);
			forget(this.capacity, "eventops.area.capacity", key);
		});
	}

	// one event whose stored policy does not compile costs its own gauges only
	private CompiledPolicy current(String eventId) {
		try {
			return this.policies.currentCompiled(eventId).orElse(null);
		}
		catch (RuntimeException ex) {
			logger.warn("occupancy of event {} not refreshed: {}", eventId, ex.getMessage());
			return null;
		}
	}

	private void forget(Map<Key, AtomicLong> values, String name, Key key) {
		if (values.remove(key) != null) {
			Gauge gauge = this.registry.find(name).tags("eventId", key.event(), "areaId", key.area()).gauge();
			if (gauge != null) {
				this.registry.remove(gauge);
			}
		}
	}

	private AtomicLong value(Map<Key, AtomicLong> values, String name, String description, Key key) {
		return values.computeIfAbsent(key, (k) -> {
			AtomicLong value = new AtomicLong();
			Gauge.builder(name, value, AtomicLong::get)
				.description(description)
				.tag("eventId", k.event())
				.tag("areaId", k.area())
				.register(this.registry);
			return value;
		});
	}

	private record Key(String event, String area) {
	}

}
