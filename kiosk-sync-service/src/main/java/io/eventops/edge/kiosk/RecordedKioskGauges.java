package io.eventops.edge.kiosk;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Each provisioned kiosk's backlog and last call as {@code edge.kiosks} records them, so
 * that every edge replica reports the same values and a kiosk that stopped calling stays
 * visible after the pods it talked to are gone ({@link BacklogGauges} only knows the
 * kiosks that flushed to this pod since it started).
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class RecordedKioskGauges {

	private static final Logger logger = LoggerFactory.getLogger(RecordedKioskGauges.class);

	// the backlog as GET /admin/v1/kiosks defines it; revoked kiosks are out of service
	private static final String KIOSKS = """
			SELECT kiosk_id, highest_local_seq_reported - contiguous_through_seq AS backlog,
			  extract(epoch FROM last_seen_at) AS last_seen
			FROM edge.kiosks WHERE revoked_at IS NULL""";

	private final JdbcTemplate jdbc;

	private final MultiGauge backlog;

	private final MultiGauge lastSeen;

	RecordedKioskGauges(MeterRegistry registry, JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.backlog = MultiGauge.builder("eventops.edge.kiosk.recorded.backlog")
			.description("Entries still on the kiosk as edge.kiosks records it (highest local seq minus watermark)")
			.register(registry);
		this.lastSeen = MultiGauge.builder("eventops.edge.kiosk.recorded.last.seen")
			.description("When the kiosk last called any edge replica (edge.kiosks.last_seen_at), epoch seconds")
			.baseUnit("seconds")
			.register(registry);
	}

	/**
	 * Reads the kiosks again; kiosks provisioned or revoked since appear or disappear.
	 */
	@Scheduled(fixedDelay = 10, timeUnit = TimeUnit.SECONDS)
	void refresh() {
		List<MultiGauge.Row<?>> backlogs = new ArrayList<>();
		List<MultiGauge.Row<?>> seen = new ArrayList<>();
		try {
			this.jdbc.query(KIOSKS, (rs) -> {
				Tags tags = Tags.of("kioskId", rs.getString("kiosk_id"));
				backlogs.add(MultiGauge.Row.of(tags, Math.max(0, rs.getLong("backlog"))));
				double lastSeenAt = rs.getDouble("last_seen");
				if (!rs.wasNull()) {
					seen.add(MultiGauge.Row.of(tags, lastSeenAt));
				}
			});
		}
		catch (DataAccessException ex) {
			// keep the last values: a PostgreSQL outage is alerted on its own
			logger.warn("Could not read the kiosks for their gauges: {}", ex.getMessage());
			return;
		}
		this.backlog.register(backlogs, true);
		this.lastSeen.register(seen, true);
	}

}
