package io.eventops.reconciler.headcount;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Publishes each event's head-count as gauges ({@code eventops.reconcile.headcount} with
 * tags {@code eventId} and {@code kind}), refreshed on a schedule so that a scrape never
 * queries the database; dashboards and the "badge jobs exceed checked-in + reprints"
 * alert read them.
 */
@Component
class HeadcountGauges {

	private static final String COUNTS = """
			SELECT e.event_id,
			  (SELECT count(*) FROM reconciler.attendees WHERE event_id = e.event_id),
			  (SELECT count(*) FROM reconciler.check_ins WHERE event_id = e.event_id),
			  (SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = e.event_id AND annulled_at IS NULL),
			  (SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = e.event_id AND reason = 'REPRINT')
			FROM reconciler.events e""";

	private static final String[] KINDS = { "registered", "checked_in", "badge_jobs", "reprints" };

	private final JdbcTemplate jdbc;

	private final MeterRegistry registry;

	private final Map<String, AtomicLong> values = new ConcurrentHashMap<>();

	HeadcountGauges(JdbcTemplate jdbc, MeterRegistry registry) {
		this.jdbc = jdbc;
		this.registry = registry;
	}

	@Scheduled(fixedDelayString = "${eventops.reconciler.headcount-refresh:10s}", initialDelayString = "1s")
	void refresh() {
		this.jdbc.query(COUNTS, (rs) -> {
			String event = rs.getString(1);
			for (int i = 0; i < KINDS.length; i++) {
				value(event, KINDS[i]).set(rs.getLong(i + 2));
			}
		});
	}

	private AtomicLong value(String event, String kind) {
		return this.values.computeIfAbsent(event + "/" + kind, (key) -> {
			AtomicLong value = new AtomicLong();
			Gauge.builder("eventops.reconcile.headcount", value, AtomicLong::get)
				.description("Head-count of an event: registered, checked_in, badge_jobs, reprints")
				.tag("eventId", event)
				.tag("kind", kind)
				.register(this.registry);
			return value;
		});
	}

}
