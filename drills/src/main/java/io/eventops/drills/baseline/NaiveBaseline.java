package io.eventops.drills.baseline;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.drills.stack.Database;
import io.lettuce.core.RedisClient;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;

/**
 * The naive path: per entry one Redis round trip (the claim, {@code SET NX}) and one
 * PostgreSQL transaction (lookup, guard, conditional upsert, outbox, change log), on the
 * same entries, connections and database as the raw limit.
 */
public final class NaiveBaseline {

	private NaiveBaseline() {
	}

	/**
	 * Runs the baseline in its own scratch schema and Redis key prefix, then drops the
	 * schema.
	 * @param database the suite's database
	 * @param redisPort the suite's Redis on 127.0.0.1
	 * @param eventId the event
	 * @param attendees the registry
	 * @param entries entries by kiosk, in seq order
	 * @param threads connections in parallel
	 * @param keyPrefix a prefix of the claim keys no one else uses
	 * @return what it measured
	 * @throws Exception when the database or Redis fails
	 */
	public static BaselineResult run(Database database, int redisPort, String eventId, List<String> attendees,
			Map<String, List<BaselineEntry>> entries, int threads, String keyPrefix) throws Exception {
		RedisClient redis = RedisClient.create("redis://127.0.0.1:" + redisPort);
		try (ScratchSchema schema = ScratchSchema.create(database, "drills_naive", eventId, attendees)) {
			String s = schema.name();
			Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
			long nanos = PerKiosk.run(database, entries, threads, (connection, kioskEntries) -> {
				try (StatefulRedisConnection<String, String> claims = redis.connect()) {
					for (BaselineEntry entry : kioskEntries) {
						String claimed = claims.sync()
							.set(keyPrefix + "ckin:claim:{" + entry.kioskId() + "}:" + entry.seq(), "done",
									SetArgs.Builder.nx().px(600_000));
						String outcome = (claimed == null) ? "DUPLICATE" : applyOne(connection, s, eventId, entry);
						outcomes.computeIfAbsent(outcome, (k) -> new AtomicLong()).incrementAndGet();
					}
				}
			});
			long total = entries.values().stream().mapToLong(List::size).sum();
			Map<String, Long> counts = new TreeMap<>();
			outcomes.forEach((k, v) -> counts.put(k, v.get()));
			return new BaselineResult("naive",
					"per entry: one Redis SET NX round trip and one transaction, " + threads + " connections", total,
					nanos, threads, counts);
		}
		finally {
			redis.shutdown();
		}
	}

	private static String applyOne(Connection connection, String s, String eventId, BaselineEntry entry)
			throws SQLException {
		boolean known;
		try (PreparedStatement select = connection
			.prepareStatement("SELECT event_id FROM " + s + ".attendees WHERE attendee_id = ?")) {
			select.setString(1, entry.attendeeId());
			try (ResultSet rs = select.executeQuery()) {
				known = rs.next() && eventId.equals(rs.getString(1));
			}
		}
		String outcome = (known && !entry.staleReplay()) ? "APPLIED" : "REJECTED";
		try (PreparedStatement guard = connection.prepareStatement("INSERT INTO " + s
				+ ".processed_entries (idempotency_key, source_id, seq, attendee_id, fingerprint, outcome)"
				+ " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING")) {
			guard.setString(1, entry.key());
			guard.setString(2, entry.kioskId());
			guard.setLong(3, entry.seq());
			guard.setString(4, entry.attendeeId());
			guard.setString(5, Integer.toHexString((entry.attendeeId() + entry.capturedAt()).hashCode()));
			guard.setString(6, outcome);
			if (guard.executeUpdate() == 0) {
				connection.commit();
				return "DUPLICATE";
			}
		}
		if ("REJECTED".equals(outcome)) {
			connection.commit();
			return outcome;
		}
		Boolean inserted = null;
		try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO " + s
				+ ".check_ins AS c (attendee_id, event_id, origin_rank, seq, source_id, idempotency_key, captured_at)"
				+ " VALUES (?, ?, 0, ?, ?, ?, ?) ON CONFLICT (attendee_id) DO UPDATE SET seq = EXCLUDED.seq,"
				+ " source_id = EXCLUDED.source_id, idempotency_key = EXCLUDED.idempotency_key,"
				+ " captured_at = EXCLUDED.captured_at, updated_at = now()"
				+ " WHERE (EXCLUDED.origin_rank, EXCLUDED.seq, EXCLUDED.source_id) > (c.origin_rank, c.seq, c.source_id)"
				+ " RETURNING (c.xmax = 0)")) {
			upsert.setString(1, entry.attendeeId());
			upsert.setString(2, eventId);
			upsert.setLong(3, entry.seq());
			upsert.setString(4, entry.kioskId());
			upsert.setString(5, entry.key());
			upsert.setTimestamp(6, Timestamp.from(entry.capturedAt().toInstant()));
			try (ResultSet rs = upsert.executeQuery()) {
				if (rs.next()) {
					inserted = rs.getBoolean(1);
				}
			}
		}
		if (inserted == null) {
			try (PreparedStatement stale = connection.prepareStatement(
					"UPDATE " + s + ".processed_entries SET outcome = 'STALE' WHERE idempotency_key = ?")) {
				stale.setString(1, entry.key());
				stale.executeUpdate();
			}
			connection.commit();
			return "STALE";
		}
		if (inserted) {
			try (PreparedStatement job = connection.prepareStatement("INSERT INTO " + s
					+ ".badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool, reason)"
					+ " VALUES (gen_random_uuid(), ?, ?, 1, 'default', 'CHECK_IN') ON CONFLICT DO NOTHING")) {
				job.setString(1, entry.attendeeId());
				job.setString(2, eventId);
				job.executeUpdate();
			}
		}
		try (PreparedStatement change = connection.prepareStatement(
				"INSERT INTO " + s + ".change_log (stream_seq, event_id, attendee_id, kind) VALUES (nextval('" + s
						+ ".stream_seq'), ?, ?, 'CHECKED_IN')")) {
			change.setString(1, eventId);
			change.setString(2, entry.attendeeId());
			change.executeUpdate();
		}
		connection.commit();
		return "APPLIED";
	}

}
