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
			  extract(epoch FROM last_seen_at) AS last_seen, clock_offset_ms
			FROM edge.kiosks WHERE revoked_at IS NULL""";

	// per event and area (the event's implicit area as ""): kiosks online (a contact
	// within
	// twice the heartbeat interval), and kiosks offline that still hold entries by what
	// the edge has or what they reported at their last heartbeat (issue #37)
	private static final String AREAS = """
			SELECT event_id, coalesce(area_id, '') AS area,
			  count(*) FILTER (WHERE online) AS online,
			  count(*) FILTER (WHERE NOT online AND held > 0) AS offline_with_entries
			FROM (SELECT event_id, area_id,
			    coalesce(last_contact_at > now() - make_interval(secs => ?), false) AS online,
			    greatest(highest_local_seq_reported - contiguous_through_seq, coalesce(reported_backlog, 0)) AS held
			  FROM edge.kiosks WHERE revoked_at IS NULL) k
			GROUP BY event_id, coalesce(area_id, '')""";

	private final JdbcTemplate jdbc;

	private final MultiGauge backlog;

	private final MultiGauge lastSeen;

	private final MultiGauge clockOffset;

	private final MultiGauge online;

	private final MultiGauge offlineWithEntries;

	private final ContactProperties contacts;

	RecordedKioskGauges(MeterRegistry registry, JdbcTemplate jdbc, ContactProperties contacts) {
		this.jdbc = jdbc;
		this.contacts = contacts;
		this.clockOffset = MultiGauge.builder("eventops.edge.kiosk.recorded.clock.offset")
			.description("The kiosk's clock minus the edge's at its last heartbeat (edge.kiosks.clock_offset_ms)")
			.baseUnit("seconds")
			.register(registry);
		this.online = MultiGauge.builder("eventops.edge.kiosks.online")
			.description("Kiosks of the event and area that called within twice the heartbeat interval")
			.register(registry);
		this.offlineWithEntries = MultiGauge.builder("eventops.edge.kiosks.offline.with.entries")
			.description("Kiosks of the event and area not online that still hold entries")
			.register(registry);
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
		List<MultiGauge.Row<?>> offsets = new ArrayList<>();
		List<MultiGauge.Row<?>> onlines = new ArrayList<>();
		List<MultiGauge.Row<?>> offline = new ArrayList<>();
		try {
			this.jdbc.query(KIOSKS, (rs) -> {
				Tags tags = Tags.of("kioskId", rs.getString("kiosk_id"));
				backlogs.add(MultiGauge.Row.of(tags, Math.max(0, rs.getLong("backlog"))));
				double lastSeenAt = rs.getDouble("last_seen");
				if (!rs.wasNull()) {
					seen.add(MultiGauge.Row.of(tags, lastSeenAt));
				}
				long offset = rs.getLong("clock_offset_ms");
				if (!rs.wasNull()) {
					offsets.add(MultiGauge.Row.of(tags, offset / 1000.0));
				}
			});
			this.jdbc.query(AREAS, (rs) -> {
				Tags tags = Tags.of("event", rs.getString("event_id"), "area", rs.getString("area"));
				onlines.add(MultiGauge.Row.of(tags, rs.getLong("online")));
				offline.add(MultiGauge.Row.of(tags, rs.getLong("offline_with_entries")));
			}, 2.0 * this.contacts.heartbeatInterval().toMillis() / 1000.0);
		}
		catch (DataAccessException ex) {
			// keep the last values: a PostgreSQL outage is alerted on its own
			logger.warn("Could not read the kiosks for their gauges: {}", ex.getMessage());
			return;
		}
		this.backlog.register(backlogs, true);
		this.lastSeen.register(seen, true);
		this.clockOffset.register(offsets, true);
		this.online.register(onlines, true);
		this.offlineWithEntries.register(offline, true);
	}

}
