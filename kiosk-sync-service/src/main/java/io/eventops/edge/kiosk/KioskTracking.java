package io.eventops.edge.kiosk;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.eventops.edge.rules.TimeRules;
import io.eventops.edge.web.EdgeException;
import io.eventops.model.flush.EntryBounds;
import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Flag;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Keeps each kiosk's sync state in {@code edge.kiosks}: last seen, highest seq seen,
 * contiguous watermark with the gaps below the highest seq seen, highest local seq
 * reported, outcome and flag counts. A flush reads the row and updates it only if it
 * still holds what was read (a compare-and-set, two round trips and no transaction: issue
 * #39), so concurrent flushes of one kiosk never lose an update; one that keeps losing
 * the race takes the kiosk's row lock.
 */
@Service
public class KioskTracking {

	private static final String LOCK = """
			SELECT contiguous_through_seq, highest_seen_seq, highest_local_seq_reported, final_ranges,
			  outcome_counts::text, flag_counts::text, final_ranges::text
			FROM edge.kiosks WHERE kiosk_id = ? FOR UPDATE""";

	private static final String UPDATE = """
			UPDATE edge.kiosks SET last_seen_at = now(), contiguous_through_seq = ?, highest_seen_seq = ?,
			  highest_local_seq_reported = ?, final_ranges = ?::int8[], outcome_counts = ?::jsonb,
			  flag_counts = ?::jsonb
			WHERE kiosk_id = ?""";

	// the state as read, every column as text too, for the compare-and-set below
	private static final String READ = """
			SELECT contiguous_through_seq, highest_seen_seq, highest_local_seq_reported, final_ranges,
			  outcome_counts::text, flag_counts::text, final_ranges::text
			FROM edge.kiosks WHERE kiosk_id = ?""";

	// the update, applied only when the state is still what was read: the new state is a
	// function of the old one alone, so an unchanged state (whatever happened in between)
	// makes it right, and a changed one is read again (no update is lost)
	private static final String SWAP = UPDATE + " " + """
			AND contiguous_through_seq = ? AND highest_seen_seq = ? AND highest_local_seq_reported = ?
			AND final_ranges::text = ? AND outcome_counts::text = ? AND flag_counts::text = ?""";

	// compare-and-set attempts before a flush takes the row lock instead
	private static final int SWAP_ATTEMPTS = 4;

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final JsonMapper json;

	private final BacklogGauges backlog;

	private final ContactProperties contacts;

	private final TimeRules timeRules;

	KioskTracking(JdbcTemplate jdbc, TransactionTemplate transactions, JsonMapper json, BacklogGauges backlog,
			ContactProperties contacts, TimeRules timeRules) {
		this.contacts = contacts;
		this.timeRules = timeRules;
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.json = json;
		this.backlog = backlog;
	}

	/**
	 * Records a heartbeat.
	 * @param kioskId the kiosk
	 * @param highestLocalSeq the kiosk's highest local seq
	 * @return the kiosk's contiguous watermark, the acknowledgement of a heartbeat
	 */
	public long heartbeat(String kioskId, long highestLocalSeq) {
		return recordFlush(kioskId, highestLocalSeq, List.of());
	}

	/**
	 * Records what the reconciler answered for one flush; call only after it committed
	 * (invariant 6).
	 * @param kioskId the kiosk
	 * @param highestLocalSeq the kiosk's highest local seq
	 * @param results the per-entry results
	 * @return the kiosk's contiguous watermark after this flush
	 */
	public long recordFlush(String kioskId, long highestLocalSeq, List<EntryResult> results) {
		// two round trips, no transaction (issue #39): a read and a compare-and-set;
		// concurrent flushes of one kiosk that keep changing the row in between fall
		// back to the row lock
		State updated = null;
		for (int attempt = 0; attempt < SWAP_ATTEMPTS && updated == null; attempt++) {
			updated = trySwap(kioskId, highestLocalSeq, results);
		}
		if (updated == null) {
			updated = this.transactions.execute((status) -> {
				List<Read> rows = this.jdbc.query(LOCK, this::read, kioskId);
				if (rows.isEmpty()) {
					throw EdgeException.notFound("Kiosk", kioskId);
				}
				Change change = change(rows.get(0).state(), highestLocalSeq, results);
				this.jdbc.update(UPDATE, change.arguments(kioskId));
				return change.state();
			});
		}
		long missing = updated.ranges()
			.gaps(updated.highestSeenSeq())
			.stream()
			.mapToLong((gap) -> gap.toSeq() - gap.fromSeq() + 1)
			.sum();
		this.backlog.set(kioskId, updated.highestLocalSeqReported() - updated.ranges().contiguousThroughSeq(), missing);
		return updated.ranges().contiguousThroughSeq();
	}

	// the new state when the row still held what was read, else null
	private State trySwap(String kioskId, long highestLocalSeq, List<EntryResult> results) {
		List<Read> rows = this.jdbc.query(READ, this::read, kioskId);
		if (rows.isEmpty()) {
			throw EdgeException.notFound("Kiosk", kioskId);
		}
		Read read = rows.get(0);
		Change change = change(read.state(), highestLocalSeq, results);
		Object[] update = change.arguments(kioskId);
		Object[] arguments = Arrays.copyOf(update, update.length + 6);
		arguments[update.length] = read.contiguousThroughSeq();
		arguments[update.length + 1] = read.state().highestSeenSeq();
		arguments[update.length + 2] = read.state().highestLocalSeqReported();
		arguments[update.length + 3] = read.finalRanges();
		arguments[update.length + 4] = read.state().outcomes();
		arguments[update.length + 5] = read.state().flags();
		return (this.jdbc.update(SWAP, arguments) == 1) ? change.state() : null;
	}

	private Change change(State old, long highestLocalSeq, List<EntryResult> results) {
		State state = old.with(highestLocalSeq, results);
		ObjectNode outcomes = counts(state.outcomes());
		ObjectNode flags = counts(state.flags());
		for (EntryResult result : results) {
			outcomes.put(result.outcome().name(), outcomes.path(result.outcome().name()).asLong(0) + 1);
			for (Flag flag : result.flags()) {
				flags.put(flag.name(), flags.path(flag.name()).asLong(0) + 1);
			}
		}
		return new Change(state, outcomes.toString(), flags.toString());
	}

	SyncState syncState(String kioskId) {
		return this.jdbc
			.query("SELECT contiguous_through_seq, highest_seen_seq, highest_local_seq_reported, area_id, direction"
					+ " FROM edge.kiosks WHERE kiosk_id = ?",
					(rs, n) -> new SyncState(kioskId, rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4),
							KioskDirection.valueOf(rs.getString(5))),
					kioskId)
			.stream()
			.findFirst()
			.orElseThrow(() -> EdgeException.notFound("Kiosk", kioskId));
	}

	List<KioskSummary> list() {
		return this.jdbc.query("""
				SELECT kiosk_id, event_id, label, printer_pool, revoked_at IS NOT NULL, last_seen_at,
				  contiguous_through_seq, highest_seen_seq, highest_local_seq_reported, final_ranges,
				  outcome_counts::text, flag_counts::text, area_id, direction,
				  last_contact_at, last_contact_at > now() - make_interval(secs => ?), agent_version, clock_offset_ms,
				  disk_free_bytes, reported_backlog, revoked_at, coalesce(revocation_mode, 'LOST'),
				  coalesce(revocation_effective_at, revoked_at)
				FROM edge.kiosks ORDER BY kiosk_id""", (rs, n) -> {
			SeqRanges ranges = SeqRanges.of(rs.getLong(7), longs(rs, 10));
			long highestSeen = rs.getLong(8);
			long reported = rs.getLong(9);
			return new KioskSummary(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
					rs.getBoolean(5), rs.getObject(6, OffsetDateTime.class), ranges.contiguousThroughSeq(), highestSeen,
					reported, Math.max(0, reported - ranges.contiguousThroughSeq()), ranges.gaps(highestSeen),
					map(rs.getString(11)), map(rs.getString(12)), rs.getString(13),
					KioskDirection.valueOf(rs.getString(14)), contact(rs), revocation(rs),
					rs.getObject(20, Long.class));
		}, 2.0 * this.contacts.heartbeatInterval().toMillis() / 1000.0);
	}

	private KioskSummary.Contact contact(ResultSet rs) throws SQLException {
		Long offset = (Long) rs.getObject(18, Long.class);
		Duration limit = this.timeRules.clockSkewLimit();
		boolean skewed = offset != null && limit != null && Math.abs(offset) > limit.toMillis();
		return new KioskSummary.Contact(rs.getBoolean(16), rs.getObject(15, OffsetDateTime.class), rs.getString(17),
				offset, skewed, rs.getObject(19, Long.class), rs.getObject(20, Long.class));
	}

	private static KioskSummary.Revocation revocation(ResultSet rs) throws SQLException {
		OffsetDateTime revokedAt = rs.getObject(21, OffsetDateTime.class);
		return (revokedAt != null) ? new KioskSummary.Revocation(RevocationMode.valueOf(rs.getString(22)), revokedAt,
				rs.getObject(23, OffsetDateTime.class)) : null;
	}

	private Read read(ResultSet rs, int row) throws SQLException {
		return new Read(new State(SeqRanges.of(rs.getLong(1), longs(rs, 4)), rs.getLong(2), rs.getLong(3),
				rs.getString(5), rs.getString(6)), rs.getLong(1), rs.getString(7));
	}

	private static long[] longs(ResultSet rs, int column) throws SQLException {
		Object[] values = (Object[]) rs.getArray(column).getArray();
		return Arrays.stream(values).mapToLong((value) -> ((Number) value).longValue()).toArray();
	}

	private static String array(Long[] values) {
		return Arrays.stream(values).map(String::valueOf).collect(Collectors.joining(",", "{", "}"));
	}

	private ObjectNode counts(String text) {
		return (ObjectNode) this.json.readTree(text);
	}

	private Map<String, Long> map(String text) {
		JsonNode node = this.json.readTree(text);
		Map<String, Long> map = new LinkedHashMap<>();
		for (String name : new ArrayList<>(node.propertyNames())) {
			map.put(name, node.get(name).asLong());
		}
		return map;
	}

	// a row as read: the state, and the columns the state does not keep as they were
	private record Read(State state, long contiguousThroughSeq, String finalRanges) {
	}

	// a flush's new state and its counts, as UPDATE's arguments
	private record Change(State state, String outcomes, String flags) {

		Object[] arguments(String kioskId) {
			return new Object[] { this.state.ranges().contiguousThroughSeq(), this.state.highestSeenSeq(),
					this.state.highestLocalSeqReported(), array(this.state.ranges().flattened()), this.outcomes,
					this.flags, kioskId };
		}

	}

	private record State(SeqRanges ranges, long highestSeenSeq, long highestLocalSeqReported, String outcomes,
			String flags) {

		// A seq beyond EntryBounds.MAX_SEQ was rejected and acknowledged, but it moves
		// no stored state: one absurd seq must not turn the kiosk's gaps and backlog
		// into nonsense for ever (invariant 11).
		State with(long highestLocalSeq, List<EntryResult> results) {
			long highestSeen = this.highestSeenSeq;
			List<Long> finalSeqs = new ArrayList<>();
			for (EntryResult result : results) {
				if (!EntryBounds.isValidSeq(result.seq())) {
					continue;
				}
				highestSeen = Math.max(highestSeen, result.seq());
				if (result.outcome().isFinal()) {
					finalSeqs.add(result.seq());
				}
			}
			return new State(this.ranges.withFinal(finalSeqs), highestSeen,
					Math.max(this.highestLocalSeqReported, Math.min(highestLocalSeq, EntryBounds.MAX_SEQ)),
					this.outcomes, this.flags);
		}

	}

}
