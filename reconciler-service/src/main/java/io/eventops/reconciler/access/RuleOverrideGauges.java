package io.eventops.reconciler.access;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Publishes the admissions flagged against the rules per event and area as the gauge
 * {@code eventops_rule_overrides{eventId,areaId}}, read from PostgreSQL on a schedule:
 * every replica shows the same value, and a flag a late entry clears takes the gauge down
 * (the alert on overrides reads it).
 */
@Component
class RuleOverrideGauges {

	private static final String COUNTS = """
			SELECT event_id, coalesce(area_id, ''), count(*) FROM reconciler.movements WHERE against_rules
			GROUP BY 1, 2""";

	private final JdbcTemplate jdbc;

	private final MeterRegistry registry;

	private final Map<Key, AtomicLong> values = new ConcurrentHashMap<>();

	RuleOverrideGauges(JdbcTemplate jdbc, MeterRegistry registry) {
		this.jdbc = jdbc;
		this.registry = registry;
	}

	@Scheduled(fixedDelayString = "${eventops.reconciler.headcount-refresh:10s}", initialDelayString = "1s")
	void refresh() {
		Set<Key> seen = new HashSet<>();
		this.jdbc.query(COUNTS, (rs) -> {
			Key key = new Key(rs.getString(1), rs.getString(2));
			seen.add(key);
			value(key).set(rs.getLong(3));
		});
		// an area whose flags were all cleared has no row any more: it reads 0
		this.values.forEach((key, value) -> {
			if (!seen.contains(key)) {
				value.set(0);
			}
		});
	}

	private AtomicLong value(Key key) {
		return this.values.computeIfAbsent(key, (k) -> {
			AtomicLong value = new AtomicLong();
			Gauge.builder("eventops.rule.overrides", value, AtomicLong::get)
				.description("Admissions a kiosk made that the event's rules refuse (ADMITTED_AGAINST_RULES)")
				.tag("eventId", k.event())
				.tag("areaId", k.area())
				.register(this.registry);
			return value;
		});
	}

	private record Key(String event, String area) {
	}

}
