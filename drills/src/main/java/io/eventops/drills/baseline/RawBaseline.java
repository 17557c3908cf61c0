package io.eventops.drills.baseline;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.drills.stack.Database;

/**
 * The raw limit: the same entries, in the same per-kiosk batches, applied straight to
 * PostgreSQL with the reconciler's set-based statement shapes (registry lookup, guard
 * insert, conditional upsert, stale marking, outbox insert, change log), one transaction
 * per batch, no HTTP, no Redis.
 */
public final class RawBaseline {

	private RawBaseline() {
	}

	/**
	 * Runs the baseline in its own scratch schema, then drops it.
	 * @param database the suite's database
	 * @param eventId the event
	 * @param attendees the registry
	 * @param entries entries by kiosk, in seq order
	 * @param batchSize entries per batch
	 * @param threads connections in parallel
	 * @return what it measured
	 * @throws Exception when the database fails
	 */
	public static BaselineResult run(Database database, String eventId, List<String> attendees,
			Map<String, List<BaselineEntry>> entries, int batchSize, int threads) throws Exception {
		try (ScratchSchema schema = ScratchSchema.create(database, "drills_raw", eventId, attendees)) {
			Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
			Statements sql = new Statements(schema.name());
			long nanos = PerKiosk.run(database, entries, threads, (connection, kioskEntries) -> {
				for (int from = 0; from < kioskEntries.size(); from += batchSize) {
					List<BaselineEntry> batch = kioskEntries.subList(from,
							Math.min(kioskEntries.size(), from + batchSize));
					applyBatch(connection, sql, eventId, batch)
						.forEach((k, v) -> outcomes.computeIfAbsent(k, (x) -> new AtomicLong()).addAndGet(v));
				}
			});
			long total = entries.values().stream().mapToLong(List::size).sum();
			Map<String, Long> counts = new TreeMap<>();
			outcomes.forEach((k, v) -> counts.put(k, v.get()));
			return new BaselineResult("raw", "set-based SQL per " + batchSize + "-entry batch, one transaction each, "
					+ threads + " connections; no HTTP, no Redis", total, nanos, threads, counts);
		}
	}

	private static Map<String, Long> applyBatch(Connection connection, Statements sql, String eventId,
			List<BaselineEntry> batch) throws SQLException {
		Map<String, Long> outcomes = new HashMap<>();
		Set<String> ids = new HashSet<>();
		batch.forEach((entry) -> ids.add(entry.attendeeId()));
		Set<String> known = new HashSet<>();
		try (PreparedStatement select = connection.prepareStatement(sql.selectAttendees)) {
			select.setArray(1, texts(connection, ids));
			try (ResultSet rs = select.executeQuery()) {
				while (rs.next()) {
					known.add(rs.getString(1));
				}
			}
		}
		List<String> keys = new ArrayList<>();
		List<String> sources = new ArrayList<>();
		List<Long> seqs = new ArrayList<>();
		List<String> attendees = new ArrayList<>();
		List<String> fingerprints = new ArrayList<>();
		List<String> decided = new ArrayList<>();
		for (BaselineEntry entry : batch) {
			keys.add(entry.key());
			sources.add(entry.kioskId());
			seqs.add(entry.seq());
			attendees.add(entry.attendeeId());
			fingerprints.add(Integer.toHexString((entry.attendeeId() + entry.capturedAt()).hashCode()));
			decided.add((entry.staleReplay() || !known.contains(entry.attendeeId())) ? "REJECTED" : "APPLIED");
		}
		Set<String> guarded = new HashSet<>();
		try (PreparedStatement guard = connection.prepareStatement(sql.insertGuard)) {
			guard.setArray(1, texts(connection, keys));
			guard.setArray(2, texts(connection, sources));
			guard.setArray(3, connection.createArrayOf("int8", seqs.toArray()));
			guard.setArray(4, texts(connection, attendees));
			guard.setArray(5, texts(connection, fingerprints));
			guard.setArray(6, texts(connection, decided));
			try (ResultSet rs = guard.executeQuery()) {
				while (rs.next()) {
					guarded.add(rs.getString(1));
				}
			}
		}
		Map<String, BaselineEntry> winners = new LinkedHashMap<>();
		List<BaselineEntry> candidates = new ArrayList<>();
		for (int i = 0; i < batch.size(); i++) {
			BaselineEntry entry = batch.get(i);
			if (!guarded.contains(entry.key())) {
				outcomes.merge("DUPLICATE", 1L, Long::sum);
			}
			else if ("REJECTED".equals(decided.get(i))) {
				outcomes.merge("REJECTED", 1L, Long::sum);
			}
			else {
				candidates.add(entry);
				// within one kiosk's batch a higher seq wins
				winners.merge(entry.attendeeId(), entry, (a, b) -> (b.seq() > a.seq()) ? b : a);
			}
		}
		Map<String, Boolean> applied = upsert(connection, sql, eventId, winners.values());
		List<String> stale = new ArrayList<>();
		for (BaselineEntry entry : candidates) {
			boolean won = winners.get(entry.attendeeId()) == entry && applied.containsKey(entry.attendeeId());
			outcomes.merge(won ? "APPLIED" : "STALE", 1L, Long::sum);
			if (!won) {
				stale.add(entry.key());
			}
		}
		if (!stale.isEmpty()) {
			try (PreparedStatement mark = connection.prepareStatement(sql.markStale)) {
				mark.setArray(1, texts(connection, stale));
				mark.executeUpdate();
			}
		}
		List<String> first = applied.entrySet()
			.stream()
			.filter(Map.Entry::getValue)
			.map(Map.Entry::getKey)
			.sorted()
			.toList();
		if (!first.isEmpty()) {
			try (PreparedStatement jobs = connection.prepareStatement(sql.insertBadgeJobs)) {
				jobs.setArray(1, texts(connection, first));
				try (ResultSet rs = jobs.executeQuery()) {
					while (rs.next()) {
						outcomes.merge("badgeJobs", 1L, Long::sum);
					}
				}
			}
		}
		if (!applied.isEmpty()) {
			try (PreparedStatement changes = connection.prepareStatement(sql.insertChanges)) {
				changes.setString(1, eventId);
				changes.setArray(2, texts(connection, new ArrayList<>(applied.keySet())));
				changes.executeUpdate();
			}
		}
		connection.commit();
		return outcomes;
	}

	private static Map<String, Boolean> upsert(Connection connection, Statements sql, String eventId,
			java.util.Collection<BaselineEntry> winners) throws SQLException {
		List<BaselineEntry> sorted = winners.stream()
			.sorted(java.util.Comparator.comparing(BaselineEntry::attendeeId))
			.toList();
		Map<String, Boolean> applied = new HashMap<>();
		if (sorted.isEmpty()) {
			return applied;
		}
		try (PreparedStatement upsert = connection.prepareStatement(sql.upsertCheckIns)) {
			upsert.setArray(1, texts(connection, sorted.stream().map(BaselineEntry::attendeeId).toList()));
			upsert.setArray(2, texts(connection, sorted.stream().map((e) -> eventId).toList()));
			upsert.setArray(3, connection.createArrayOf("int8", sorted.stream().map(BaselineEntry::seq).toArray()));
			upsert.setArray(4, texts(connection, sorted.stream().map(BaselineEntry::kioskId).toList()));
			upsert.setArray(5, texts(connection, sorted.stream().map(BaselineEntry::key).toList()));
			upsert.setArray(6,
					texts(connection, sorted.stream().map((e) -> e.capturedAt().toInstant().toString()).toList()));
			try (ResultSet rs = upsert.executeQuery()) {
				while (rs.next()) {
					applied.put(rs.getString(1), rs.getBoolean(2));
				}
			}
		}
		return applied;
	}

	private static Array texts(Connection connection, java.util.Collection<String> values) throws SQLException {
		return connection.createArrayOf("text", values.toArray());
	}

	/**
	 * The reconciler's statements, on the scratch schema.
	 */
	private static final class Statements {

		final String selectAttendees;

		final String insertGuard;

		final String upsertCheckIns;

		final String markStale;

		final String insertBadgeJobs;

		final String insertChanges;

		Statements(String s) {
			this.selectAttendees = "SELECT attendee_id, event_id FROM " + s + ".attendees WHERE attendee_id = ANY(?)";
			this.insertGuard = "INSERT INTO " + s
					+ ".processed_entries (idempotency_key, source_id, seq, attendee_id, fingerprint, outcome)"
					+ " SELECT * FROM unnest(?::text[], ?::text[], ?::int8[], ?::text[], ?::text[], ?::text[])"
					+ " AS t(k, s, q, a, f, o) ORDER BY k ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key";
			this.upsertCheckIns = "INSERT INTO " + s
					+ ".check_ins AS c (attendee_id, event_id, origin_rank, seq, source_id, idempotency_key, captured_at)"
					+ " SELECT t.a, t.e, 0, t.q, t.s, t.k, t.c::timestamptz FROM unnest(?::text[], ?::text[], ?::int8[],"
					+ " ?::text[], ?::text[], ?::text[]) AS t(a, e, q, s, k, c) ORDER BY t.a"
					+ " ON CONFLICT (attendee_id) DO UPDATE SET origin_rank = EXCLUDED.origin_rank, seq = EXCLUDED.seq,"
					+ " source_id = EXCLUDED.source_id, idempotency_key = EXCLUDED.idempotency_key,"
					+ " captured_at = EXCLUDED.captured_at, updated_at = now()"
					+ " WHERE (EXCLUDED.origin_rank, EXCLUDED.seq, EXCLUDED.source_id) > (c.origin_rank, c.seq, c.source_id)"
					+ " RETURNING c.attendee_id, (c.xmax = 0) AS inserted";
			this.markStale = "UPDATE " + s + ".processed_entries SET outcome = 'STALE' WHERE idempotency_key = ANY(?)";
			this.insertBadgeJobs = "INSERT INTO " + s
					+ ".badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool, reason)"
					+ " SELECT gen_random_uuid(), a.attendee_id, a.event_id, a.credential_version, 'default', 'CHECK_IN'"
					+ " FROM unnest(?::text[]) AS j(attendee_id) JOIN " + s
					+ ".attendees a ON a.attendee_id = j.attendee_id ORDER BY a.attendee_id"
					+ " ON CONFLICT (attendee_id, credential_version) DO NOTHING RETURNING attendee_id";
			this.insertChanges = "INSERT INTO " + s + ".change_log (stream_seq, event_id, attendee_id, kind)"
					+ " SELECT nextval('" + s + ".stream_seq'), ?, a, 'CHECKED_IN' FROM unnest(?::text[]) AS t(a)";
		}

	}

}
