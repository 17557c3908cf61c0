package io.eventops.agent.log;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.time.Rfc3339;
import io.eventops.rules.decision.Escrow;
import org.sqlite.SQLiteConfig;

/**
 * The kiosk's append-only check-in log in one SQLite file (WAL,
 * {@code synchronous=FULL}): an append returns only after its transaction is committed to
 * disk, so an acknowledged check-in survives a power cut, and the watermark moves only to
 * what the edge acknowledged (invariant 6). One instance per file and process; every
 * method is serialized.
 */
public final class KioskLog implements AutoCloseable {

	private final Connection connection;

	private final String kioskId;

	private final int maxEntryBytes;

	private final EntryEncoder encoder;

	private final Clock clock;

	private KioskLog(Connection connection, String kioskId, int maxEntryBytes, EntryEncoder encoder, Clock clock) {
		this.connection = connection;
		this.kioskId = kioskId;
		this.maxEntryBytes = maxEntryBytes;
		this.encoder = encoder;
		this.clock = clock;
	}

	/**
	 * Opens (creating when missing) the log of one kiosk.
	 * @param file the SQLite file
	 * @param kioskId the kiosk; a file of another kiosk is refused
	 * @param maxEntryBytes the largest wire form an entry may have
	 * @param encoder renders entries in their wire form
	 * @param clock the kiosk clock ({@code queuedAt}, bookkeeping)
	 * @return the open log
	 */
	public static KioskLog open(Path file, String kioskId, int maxEntryBytes, EntryEncoder encoder, Clock clock) {
		return open(file, kioskId, maxEntryBytes, encoder, clock, UnaryOperator.identity());
	}

	/**
	 * Opens a log whose connection passes through {@code driver} (tests that make the
	 * driver fail where a real one can).
	 */
	static KioskLog open(Path file, String kioskId, int maxEntryBytes, EntryEncoder encoder, Clock clock,
			UnaryOperator<Connection> driver) {
		SQLiteConfig config = new SQLiteConfig();
		config.setJournalMode(SQLiteConfig.JournalMode.WAL);
		// FULL: in WAL mode NORMAL may roll a committed transaction back after a power
		// loss, and a check-in is reported as recorded on commit
		config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
		config.setBusyTimeout(10_000);
		try {
			Path parent = file.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			Connection connection = driver.apply(config.createConnection("jdbc:sqlite:" + file.toAbsolutePath()));
			KioskLog log = new KioskLog(connection, kioskId, maxEntryBytes, encoder, clock);
			log.initialize();
			return log;
		}
		catch (SQLException | java.io.IOException ex) {
			throw new LogException("Cannot open the kiosk log " + file, ex);
		}
	}

	private void initialize() throws SQLException {
		// a forgotten entry's bytes are overwritten in the file, not left in free space
		// (#38)
		execute("PRAGMA secure_delete=ON");
		try (Statement statement = this.connection.createStatement()) {
			for (String ddl : Schema.STATEMENTS) {
				statement.execute(ddl);
			}
		}
		addColumnIfMissing("log_state", "sequence_conflict TEXT");
		// the edge's 401 device-revoked (#37): why the kiosk admits no one any more
		addColumnIfMissing("log_state", "revoked TEXT");
		// logs written before access control (#35): their entries are plain check-ins
		addColumnIfMissing("entries", "entry_type TEXT");
		addColumnIfMissing("entries", "area_id TEXT");
		// annulments (#36): the key of the own admission an ANNUL undoes
		addColumnIfMissing("entries", "annuls TEXT");
		// a grant's carried attendees (#36), one per line
		addColumnIfMissing("allowance_grant", "carried TEXT NOT NULL DEFAULT ''");
		try (PreparedStatement insert = this.connection.prepareStatement(
				"INSERT OR IGNORE INTO log_state (id, kiosk_id, last_seq, last_acked_seq, sequence_known) "
						+ "VALUES (1, ?, 0, 0, 0)")) {
			insert.setString(1, this.kioskId);
			insert.executeUpdate();
		}
		String owner = state().kioskId();
		if (!owner.equals(this.kioskId)) {
			this.connection.close();
			throw new IllegalArgumentException(
					"This log belongs to kiosk " + owner + ", not " + this.kioskId + ": one log per kiosk");
		}
	}

	// logs written by an earlier agent lack the newer columns
	private void addColumnIfMissing(String table, String column) throws SQLException {
		String name = column.substring(0, column.indexOf(' '));
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement.executeQuery("PRAGMA table_info(" + table + ")")) {
			while (rows.next()) {
				if (name.equals(rows.getString("name"))) {
					return;
				}
			}
		}
		execute("ALTER TABLE " + table + " ADD COLUMN " + column);
	}

	/**
	 * The kiosk this log belongs to.
	 * @return the kiosk id
	 */
	public String kioskId() {
		return this.kioskId;
	}

	/**
	 * The persisted bookkeeping.
	 * @return the state
	 */
	public synchronized LogState state() {
		return query(
				"SELECT kiosk_id, last_seq, last_acked_seq, sequence_known, last_error, last_error_at, "
						+ "last_success_at, sequence_conflict FROM log_state WHERE id = 1",
				(rs) -> new LogState(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getInt(4) == 1, rs.getString(5),
						time(rs.getString(6)), time(rs.getString(7)), rs.getString(8)))
			.get(0);
	}

	/**
	 * Sets where the sequence continues, once, on a log that has never been written: the
	 * next check-in gets {@code afterSeq + 1}, and everything up to {@code afterSeq}
	 * counts as acknowledged (it belongs to an earlier installation).
	 * @param afterSeq the highest seq the edge knows of this kiosk
	 * @return {@code true} when it was set now, {@code false} when the sequence was known
	 */
	public synchronized boolean continueSequenceAfter(long afterSeq) {
		return transaction(() -> {
			try (PreparedStatement update = this.connection.prepareStatement("UPDATE log_state SET last_seq = ?, "
					+ "last_acked_seq = ?, sequence_known = 1 WHERE id = 1 AND sequence_known = 0 AND last_seq = 0")) {
				update.setLong(1, afterSeq);
				update.setLong(2, afterSeq);
				return update.executeUpdate() == 1;
			}
		});
	}

	/**
	 * Stops the log for good: it is behind what the edge has seen of this kiosk (restored
	 * from an older copy), so its next seqs are keys the edge already holds with other
	 * payloads. Appends are refused from now on, also after a restart.
	 * @param why the message for the operator
	 */
	public synchronized void stopForSequenceConflict(String why) {
		transaction(() -> {
			try (PreparedStatement update = this.connection
				.prepareStatement("UPDATE log_state SET sequence_conflict = ? WHERE id = 1")) {
				update.setString(1, why);
				return update.executeUpdate();
			}
		});
	}

	/**
	 * Appends a check-in and returns once it is committed to disk, stamped with the next
	 * seq, its key and {@code queuedAt}.
	 * @param attendeeId the attendee
	 * @param capturedAt the device clock at capture
	 * @param badgePrintedLocally whether the kiosk printed the badge itself
	 * @param badge optional overrides, or {@code null}
	 * @return the committed entry
	 * @throws EntryTooLargeException when the entry exceeds the cap (nothing is written)
	 * @throws SequenceUnknownException before the sequence is known
	 * @throws SequenceConflictException once the log was found behind the edge
	 */
	public synchronized LogEntry append(String attendeeId, OffsetDateTime capturedAt, boolean badgePrintedLocally,
			BadgeOverrides badge) {
		return append(attendeeId, capturedAt, badgePrintedLocally, badge, null);
	}

	/**
	 * Appends a check-in at the kiosk's area as
	 * {@link #append(String, OffsetDateTime, boolean, BadgeOverrides)}: a kiosk
	 * provisioned for an area sends it with every entry, or the edge refuses the entry
	 * ({@code INVALID_ENTRY}).
	 * @param attendeeId the attendee
	 * @param capturedAt the device clock at capture
	 * @param badgePrintedLocally whether the kiosk printed the badge itself
	 * @param badge optional overrides, or {@code null}
	 * @param areaId the kiosk's area, or {@code null} for a kiosk without one
	 * @return the committed entry
	 */
	public synchronized LogEntry append(String attendeeId, OffsetDateTime capturedAt, boolean badgePrintedLocally,
			BadgeOverrides badge, String areaId) {
		return appendChecked(attendeeId, capturedAt, badgePrintedLocally, badge, areaId, false).orElseThrow();
	}

	/**
	 * Appends a check-in unless the log already holds one for the attendee, deciding both
	 * in one write transaction, so two scans at once (or a second process on the file)
	 * cannot both append.
	 * @param attendeeId the attendee
	 * @param capturedAt the device clock at capture
	 * @param badgePrintedLocally whether the kiosk printed the badge itself
	 * @param badge optional overrides, or {@code null}
	 * @return the committed entry, or empty when the log holds an entry for the attendee
	 * (nothing is written)
	 * @throws EntryTooLargeException when the entry exceeds the cap (nothing is written)
	 * @throws SequenceUnknownException before the sequence is known
	 * @throws SequenceConflictException once the log was found behind the edge
	 */
	public synchronized Optional<LogEntry> appendFirst(String attendeeId, OffsetDateTime capturedAt,
			boolean badgePrintedLocally, BadgeOverrides badge) {
		return appendFirst(attendeeId, capturedAt, badgePrintedLocally, badge, null);
	}

	/**
	 * Appends a check-in at the kiosk's area unless the log already holds an entry for
	 * the attendee, as
	 * {@link #appendFirst(String, OffsetDateTime, boolean, BadgeOverrides)}.
	 * @param attendeeId the attendee
	 * @param capturedAt the device clock at capture
	 * @param badgePrintedLocally whether the kiosk printed the badge itself
	 * @param badge optional overrides, or {@code null}
	 * @param areaId the kiosk's area, or {@code null} for a kiosk without one
	 * @return the committed entry, or empty when the log holds an entry for the attendee
	 */
	public synchronized Optional<LogEntry> appendFirst(String attendeeId, OffsetDateTime capturedAt,
			boolean badgePrintedLocally, BadgeOverrides badge, String areaId) {
		return appendChecked(attendeeId, capturedAt, badgePrintedLocally, badge, areaId, true);
	}

	/**
	 * Appends the entry a decision drafts, as {@link #appendDecided}, unless the log
	 * already holds an entry for the attendee (then the drafter is not asked).
	 * @param attendeeId the attendee
	 * @param capturedAt the device clock at capture
	 * @param drafter drafts the entry, or returns {@code null} to append nothing
	 * @return the committed entry, or empty when the log holds an entry for the attendee
	 * or the drafter appended nothing
	 */
	public synchronized Optional<LogEntry> appendFirstDecided(String attendeeId, OffsetDateTime capturedAt,
			EntryDrafter drafter) {
		return appendDrafted(attendeeId, capturedAt, true, drafter);
	}

	private Optional<LogEntry> appendChecked(String attendeeId, OffsetDateTime capturedAt, boolean badgePrintedLocally,
			BadgeOverrides badge, String areaId, boolean onlyFirst) {
		EntryDraft plain = new EntryDraft(EntryType.CHECK_IN, areaId, null, null, badgePrintedLocally, badge);
		return appendDrafted(attendeeId, capturedAt, onlyFirst, (key, own) -> plain);
	}

	/**
	 * Appends the entry a decision drafts from this kiosk's own entries of the attendee,
	 * deciding and appending in one write transaction: two scans at once (or a second
	 * process on the file) each see the other's entry, so an offline kiosk never admits a
	 * {@code ONCE} ticket twice itself (#35; #42 items 12 and 15).
	 * @param attendeeId the attendee
	 * @param capturedAt the device clock at capture
	 * @param drafter drafts the entry from its key and the attendee's own entries, or
	 * returns {@code null} to append nothing
	 * @return the committed entry, or empty when the drafter appended nothing
	 * @throws EntryTooLargeException when the entry exceeds the cap (nothing is written)
	 * @throws SequenceUnknownException before the sequence is known
	 * @throws SequenceConflictException once the log was found behind the edge
	 */
	public synchronized Optional<LogEntry> appendDecided(String attendeeId, OffsetDateTime capturedAt,
			EntryDrafter drafter) {
		return appendDrafted(attendeeId, capturedAt, false, drafter);
	}

	private Optional<LogEntry> appendDrafted(String attendeeId, OffsetDateTime capturedAt, boolean onlyFirst,
			EntryDrafter drafter) {
		LogEntry[] written = new LogEntry[1];
		return transaction(() -> {
			List<OwnEntry> own = ownEntries(attendeeId);
			if (onlyFirst && !own.isEmpty()) {
				return Optional.<LogEntry>empty();
			}
			LogState state = state();
			if (!state.sequenceKnown()) {
				throw new SequenceUnknownException(this.kioskId);
			}
			if (state.sequenceConflict() != null) {
				throw new SequenceConflictException(state.sequenceConflict());
			}
			String revoked = revocation();
			if (revoked != null) {
				throw new DeviceRevokedException(revoked);
			}
			long next = state.lastSeq() + 1;
			EntryDraft draft = drafter.draft(FlushEntry.keyOf(this.kioskId, next), own);
			if (draft == null) {
				return Optional.<LogEntry>empty();
			}
			if (!state.sequenceKnown()) {
				throw new SequenceUnknownException(this.kioskId);
			}
			long seq = next;
			OffsetDateTime captured = Rfc3339.truncate(capturedAt);
			OffsetDateTime queued = Rfc3339.truncate(OffsetDateTime.now(this.clock));
			String key = FlushEntry.keyOf(this.kioskId, seq);
			// an annulment names no area on the wire; the log keeps its admission's
			boolean annul = draft.type() == EntryType.ANNUL;
			byte[] payload = this.encoder.encode(new FlushEntry(seq, key, draft.type(), attendeeId, captured, queued,
					draft.badgePrintedLocally(), draft.badge(), annul ? null : draft.areaId(), draft.policyVersion(),
					draft.kioskDecision(), annul ? draft.annuls() : null));
			if (payload.length > this.maxEntryBytes) {
				throw new EntryTooLargeException(payload.length, this.maxEntryBytes);
			}
			try (PreparedStatement insert = this.connection.prepareStatement("INSERT INTO entries (seq, "
					+ "idempotency_key, attendee_id, captured_at, queued_at, payload, entry_type, area_id, annuls) "
					+ "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
				insert.setLong(1, seq);
				insert.setString(2, key);
				insert.setString(3, attendeeId);
				insert.setString(4, Rfc3339.format(captured));
				insert.setString(5, Rfc3339.format(queued));
				insert.setBytes(6, payload);
				insert.setString(7, draft.type().name());
				insert.setString(8, draft.areaId());
				insert.setString(9, annul ? draft.annuls() : null);
				insert.executeUpdate();
			}
			try (PreparedStatement update = this.connection
				.prepareStatement("UPDATE log_state SET last_seq = ? WHERE id = 1")) {
				update.setLong(1, seq);
				update.executeUpdate();
			}
			written[0] = new LogEntry(seq, key, attendeeId, captured, queued, payload);
			return Optional.of(written[0]);
		}, () -> written[0] != null && stored(written[0]));
	}

	/**
	 * What this kiosk's ledger holds at an area (invariant 14, entry-rules'
	 * {@link Escrow#held}): the attendees its grant carries, then its entries after a
	 * seq, per attendee its admissions there (annulled ones too) minus the exits that
	 * follow one of theirs. Callable while a drafter of {@link #appendDecided} runs, in
	 * its transaction.
	 * @param areaId the area
	 * @param afterSeq the grant's base
	 * @param carried the attendees the grant carries over
	 * @return the places held
	 */
	public synchronized long heldSince(String areaId, long afterSeq, List<String> carried) {
		try (PreparedStatement select = this.connection
			.prepareStatement("SELECT attendee_id, entry_type, captured_at FROM entries "
					+ "WHERE area_id = ? AND seq > ? AND entry_type IN ('CHECK_IN', 'EXIT') ORDER BY seq")) {
			select.setString(1, areaId);
			select.setLong(2, afterSeq);
			List<Escrow.Step> steps = new ArrayList<>();
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					steps.add(new Escrow.Step(rows.getString(1), "CHECK_IN".equals(rows.getString(2)),
							Rfc3339.parse(rows.getString(3)).toInstant()));
				}
			}
			return Escrow.held(carried, steps);
		}
		catch (SQLException ex) {
			throw new LogException("Kiosk log query failed", ex);
		}
	}

	/**
	 * Whether this kiosk logged an annulment of one of its entries. Callable while a
	 * drafter of {@link #appendDecided} runs.
	 * @param admissionKey the entry's idempotency key
	 * @return whether annulled here
	 */
	public synchronized boolean annulledHere(String admissionKey) {
		try (PreparedStatement select = this.connection
			.prepareStatement("SELECT count(*) FROM entries WHERE entry_type = 'ANNUL' AND annuls = ?")) {
			select.setString(1, admissionKey);
			try (ResultSet rows = select.executeQuery()) {
				rows.next();
				return rows.getLong(1) > 0;
			}
		}
		catch (SQLException ex) {
			throw new LogException("Kiosk log query failed", ex);
		}
	}

	/**
	 * Takes the grant the server made (invariant 14), replacing the one before, and notes
	 * what the kiosk holds after its base as it takes it (entries made while the answer
	 * was on its way: the server keeps holding them when the kiosk names the grant). One
	 * step under the log's lock, so no admission falls between the two.
	 * @param allowance the grant ({@code heldWhenTaken} is filled in here)
	 * @return the grant as kept
	 */
	public synchronized StoredAllowance takeAllowance(StoredAllowance allowance) {
		return transaction(() -> {
			long held = heldSince(allowance.areaId(), allowance.base(), allowance.carried());
			StoredAllowance kept = new StoredAllowance(allowance.areaId(), allowance.capacity(), allowance.grant(),
					allowance.base(), allowance.carried(), allowance.places(), held, allowance.leaseUntil(),
					allowance.receivedAt());
			try (PreparedStatement upsert = this.connection.prepareStatement("INSERT OR REPLACE INTO allowance_grant "
					+ "(id, area_id, capacity, grant_no, base_seq, places, held_when_taken, lease_until, received_at, "
					+ "carried) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
				upsert.setString(1, kept.areaId());
				upsert.setObject(2, kept.capacity());
				upsert.setObject(3, kept.grant());
				upsert.setLong(4, kept.base());
				upsert.setObject(5, kept.places());
				upsert.setLong(6, kept.heldWhenTaken());
				upsert.setString(7, (kept.leaseUntil() != null) ? Rfc3339.format(kept.leaseUntil()) : null);
				upsert.setString(8, Rfc3339.format(kept.receivedAt()));
				upsert.setString(9, String.join("\n", kept.carried()));
				upsert.executeUpdate();
			}
			return kept;
		});
	}

	/**
	 * The grant last taken, if any.
	 * @return the grant
	 */
	public synchronized Optional<StoredAllowance> allowance() {
		return query("SELECT area_id, capacity, grant_no, base_seq, places, held_when_taken, lease_until, received_at, "
				+ "carried FROM allowance_grant WHERE id = 1", (rs) -> {
					String until = rs.getString(7);
					String carried = rs.getString(9);
					return new StoredAllowance(rs.getString(1), (Long) nullable(rs, 2), (Long) nullable(rs, 3),
							rs.getLong(4),
							(carried == null || carried.isEmpty()) ? List.of() : List.of(carried.split("\n")),
							(Long) nullable(rs, 5), rs.getLong(6), (until != null) ? Rfc3339.parse(until) : null,
							Rfc3339.parse(rs.getString(8)));
				})
			.stream()
			.findFirst();
	}

	private static Long nullable(ResultSet rs, int column) throws SQLException {
		long value = rs.getLong(column);
		return rs.wasNull() ? null : value;
	}

	private List<OwnEntry> ownEntries(String attendeeId) throws SQLException {
		List<OwnEntry> own = new ArrayList<>();
		try (PreparedStatement select = this.connection.prepareStatement(
				"SELECT seq, idempotency_key, entry_type, area_id, captured_at, annuls FROM entries WHERE attendee_id = ? "
						+ "ORDER BY seq")) {
			select.setString(1, attendeeId);
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					String type = rows.getString(3);
					own.add(new OwnEntry(rows.getLong(1), rows.getString(2),
							(type != null) ? EntryType.valueOf(type) : EntryType.CHECK_IN, rows.getString(4),
							Rfc3339.parse(rows.getString(5)), rows.getString(6)));
				}
			}
		}
		return own;
	}

	// whether an entry is on disk exactly as written, with the sequence moved past it
	private boolean stored(LogEntry entry) throws SQLException {
		try (PreparedStatement select = this.connection.prepareStatement("SELECT e.payload FROM entries e, log_state s "
				+ "WHERE e.seq = ? AND e.idempotency_key = ? AND s.id = 1 AND s.last_seq >= e.seq")) {
			select.setLong(1, entry.seq());
			select.setString(2, entry.idempotencyKey());
			try (ResultSet rows = select.executeQuery()) {
				return rows.next() && java.util.Arrays.equals(rows.getBytes(1), entry.payload());
			}
		}
	}

	/**
	 * The next entries to send: above the watermark, not dead-lettered, in seq order.
	 * @param maxEntries at most this many
	 * @param maxBytes at most this many payload bytes (at least one entry is returned)
	 * @return the entries
	 */
	public synchronized List<LogEntry> pending(int maxEntries, int maxBytes) {
		List<LogEntry> entries = query(
				"SELECT seq, idempotency_key, attendee_id, captured_at, queued_at, payload "
						+ "FROM entries WHERE seq > (SELECT last_acked_seq FROM log_state WHERE id = 1) "
						+ "AND seq NOT IN (SELECT seq FROM dead_letters) ORDER BY seq LIMIT " + maxEntries,
				KioskLog::entry);
		List<LogEntry> batch = new ArrayList<>(entries.size());
		long bytes = 0;
		for (LogEntry entry : entries) {
			bytes += entry.payload().length + 1;
			if (!batch.isEmpty() && bytes > maxBytes) {
				break;
			}
			batch.add(entry);
		}
		return batch;
	}

	/**
	 * How many entries wait to be acknowledged (dead letters excluded).
	 * @return the count
	 */
	public synchronized long pendingCount() {
		return query("SELECT count(*) FROM entries WHERE seq > (SELECT last_acked_seq FROM log_state WHERE id = 1) "
				+ "AND seq NOT IN (SELECT seq FROM dead_letters)", (rs) -> rs.getLong(1))
			.get(0);
	}

	/**
	 * Records the edge's answer to one request and advances the watermark to its
	 * {@code ackedThroughSeq}, never beyond the highest seq that request carried and
	 * never back, in one transaction.
	 * @param results the per-entry results
	 * @param ackedThroughSeq the edge's acknowledgement
	 * @param highestSent the highest seq of the request
	 * @return the watermark afterwards
	 */
	public synchronized long acknowledge(Collection<EntryResult> results, long ackedThroughSeq, long highestSent) {
		long now = this.clock.millis();
		return transaction(() -> {
			try (PreparedStatement upsert = this.connection.prepareStatement("INSERT INTO results (seq, outcome, "
					+ "reason, flags, deliveries, received_at_ms) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (seq) DO UPDATE "
					+ "SET outcome = excluded.outcome, reason = excluded.reason, flags = excluded.flags, "
					+ "deliveries = deliveries + 1, received_at_ms = excluded.received_at_ms")) {
				for (EntryResult result : results) {
					if (!result.outcome().isFinal()) {
						continue;
					}
					upsert.setLong(1, result.seq());
					upsert.setString(2, result.outcome().name());
					upsert.setString(3, (result.reason() != null) ? result.reason().name() : null);
					upsert.setString(4, result.flags().stream().map(Enum::name).collect(Collectors.joining(",")));
					upsert.setLong(5, now);
					upsert.addBatch();
				}
				upsert.executeBatch();
			}
			try (PreparedStatement advance = this.connection.prepareStatement("UPDATE log_state SET "
					+ "last_acked_seq = ?, last_success_at = ?, last_error = NULL, last_error_at = NULL "
					+ "WHERE id = 1 AND last_acked_seq < ?")) {
				long target = Math.min(ackedThroughSeq, highestSent);
				advance.setLong(1, target);
				advance.setString(2, Rfc3339.format(OffsetDateTime.now(this.clock)));
				advance.setLong(3, target);
				advance.executeUpdate();
			}
			return state().lastAckedSeq();
		});
	}

	/**
	 * Keeps an entry aside for good: it stays in the log, visible in the status, and is
	 * never sent again.
	 * @param entry the entry
	 * @param status the HTTP status that condemned it
	 * @param detail what the edge said
	 */
	public synchronized void deadLetter(LogEntry entry, int status, String detail) {
		transaction(() -> {
			try (PreparedStatement insert = this.connection.prepareStatement(
					"INSERT OR IGNORE INTO dead_letters (seq, status, detail, dead_at) VALUES (?, ?, ?, ?)")) {
				insert.setLong(1, entry.seq());
				insert.setInt(2, status);
				insert.setString(3, detail);
				insert.setString(4, Rfc3339.format(OffsetDateTime.now(this.clock)));
				return insert.executeUpdate();
			}
		});
	}

	/**
	 * The dead letters, in seq order.
	 * @return the dead letters
	 */
	public synchronized List<DeadLetter> deadLetters() {
		return query(
				"SELECT d.seq, e.idempotency_key, e.attendee_id, d.status, d.detail, d.dead_at "
						+ "FROM dead_letters d JOIN entries e ON e.seq = d.seq ORDER BY d.seq",
				(rs) -> new DeadLetter(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5),
						time(rs.getString(6))));
	}

	/**
	 * Stops appends for good: the edge revoked this kiosk (issue #37). The first reason
	 * stays; the entries stay, for {@code kiosk-agent export}.
	 * @param why what the edge said
	 */
	public synchronized void markRevoked(String why) {
		transaction(() -> {
			try (PreparedStatement update = this.connection
				.prepareStatement("UPDATE log_state SET revoked = ? WHERE id = 1 AND revoked IS NULL")) {
				update.setString(1, why);
				return update.executeUpdate();
			}
		});
	}

	/**
	 * Why the edge revoked this kiosk.
	 * @return what it said, or {@code null} while the kiosk is not revoked
	 */
	public synchronized String revocation() {
		return query("SELECT revoked FROM log_state WHERE id = 1", (rs) -> rs.getString(1)).get(0);
	}

	/**
	 * Every entry the edge has not acknowledged: those above the watermark and every dead
	 * letter, in seq order (issue #37, {@code kiosk-agent export}).
	 * @return the entries, each with its dead letter if it has one
	 */
	public synchronized List<ExportedEntry> unacknowledged() {
		return query("SELECT e.seq, e.idempotency_key, e.attendee_id, e.captured_at, e.queued_at, e.payload, "
				+ "d.status, d.detail, d.dead_at, d.seq IS NOT NULL FROM entries e "
				+ "LEFT JOIN dead_letters d ON d.seq = e.seq "
				+ "WHERE e.seq > (SELECT last_acked_seq FROM log_state WHERE id = 1) OR d.seq IS NOT NULL "
				+ "ORDER BY e.seq", (rs) -> {
					LogEntry entry = entry(rs);
					DeadLetter dead = rs.getBoolean(10) ? new DeadLetter(entry.seq(), entry.idempotencyKey(),
							entry.attendeeId(), rs.getInt(7), rs.getString(8), time(rs.getString(9))) : null;
					return new ExportedEntry(entry, dead);
				});
	}

	/**
	 * Remembers the last flush error for {@code status} (cleared by the next success).
	 * @param error what went wrong
	 */
	public synchronized void recordError(String error) {
		transaction(() -> {
			try (PreparedStatement update = this.connection
				.prepareStatement("UPDATE log_state SET last_error = ?, last_error_at = ? WHERE id = 1")) {
				update.setString(1, error);
				update.setString(2, Rfc3339.format(OffsetDateTime.now(this.clock)));
				return update.executeUpdate();
			}
		});
	}

	/**
	 * The last outcome the edge gave for an entry.
	 * @param seq the entry's seq
	 * @return the outcome's name, if the entry was acknowledged
	 */
	public synchronized Optional<String> outcomeOf(long seq) {
		return query("SELECT outcome FROM results WHERE seq = " + seq, (rs) -> rs.getString(1)).stream().findFirst();
	}

	/**
	 * The latest entry recorded for an attendee on this kiosk and where it stands, for
	 * the screen's "already checked in here" and badge status, also offline.
	 * @param attendeeId the attendee
	 * @return the entry's state, if this kiosk recorded one (and has not truncated it)
	 */
	public synchronized Optional<EntryState> latestFor(String attendeeId) {
		try (PreparedStatement statement = this.connection.prepareStatement("""
				SELECT e.seq, e.captured_at, r.outcome, r.reason, d.seq IS NOT NULL,
				  e.seq <= (SELECT last_acked_seq FROM log_state WHERE id = 1)
				FROM entries e LEFT JOIN results r ON r.seq = e.seq LEFT JOIN dead_letters d ON d.seq = e.seq
				WHERE e.attendee_id = ? ORDER BY e.seq DESC LIMIT 1""")) {
			statement.setString(1, attendeeId);
			try (ResultSet rows = statement.executeQuery()) {
				if (!rows.next()) {
					return Optional.empty();
				}
				return Optional.of(new EntryState(rows.getLong(1), rows.getString(2), rows.getString(3),
						rows.getString(4), rows.getInt(5) == 1, rows.getInt(6) == 1));
			}
		}
		catch (SQLException ex) {
			throw new LogException("Cannot read the log", ex);
		}
	}

	/**
	 * How often each final outcome was the last answer for an entry.
	 * @return outcome name to count
	 */
	public synchronized Map<String, Long> outcomeCounts() {
		Map<String, Long> counts = new TreeMap<>();
		query("SELECT outcome, count(*) FROM results GROUP BY outcome",
				(rs) -> counts.put(rs.getString(1), rs.getLong(2)));
		return counts;
	}

	/**
	 * The entries still stored (acknowledged ones until truncated).
	 * @return the count
	 */
	public synchronized long storedCount() {
		return query("SELECT count(*) FROM entries", (rs) -> rs.getLong(1)).get(0);
	}

	/**
	 * Deletes acknowledged entries whose acknowledgement is older than the retention;
	 * dead letters and unacknowledged entries are kept.
	 * @param retention how long acknowledged entries are kept
	 * @return how many entries were deleted
	 */
	public synchronized int truncate(Duration retention) {
		long cutoff = this.clock.millis() - retention.toMillis();
		return transaction(() -> {
			try (PreparedStatement delete = this.connection.prepareStatement(
					"DELETE FROM entries WHERE seq <= (SELECT last_acked_seq FROM log_state WHERE id = 1) "
							+ "AND seq NOT IN (SELECT seq FROM dead_letters) "
							+ "AND seq IN (SELECT seq FROM results WHERE received_at_ms <= ?)")) {
				delete.setLong(1, cutoff);
				int deleted = delete.executeUpdate();
				try (Statement statement = this.connection.createStatement()) {
					statement.executeUpdate("DELETE FROM results WHERE seq NOT IN (SELECT seq FROM entries)");
				}
				return deleted;
			}
		});
	}

	/**
	 * Deletes the acknowledged entries of an attendee whose personal data the server
	 * erased (#38): an entry may carry badge overrides (a name, a company) typed at this
	 * kiosk. The server holds them now, so only acknowledged entries go (the log's
	 * triggers refuse anything else); one still unacknowledged is delivered, the server
	 * drops its overrides, and it goes with the retention once acknowledged. The bytes
	 * leave the file and its write-ahead log.
	 * @param attendeeId the attendee
	 * @return how many entries were deleted
	 */
	public synchronized int forgetAcknowledged(String attendeeId) {
		int deleted = transaction(() -> {
			try (PreparedStatement delete = this.connection.prepareStatement(
					"DELETE FROM entries WHERE attendee_id = ? AND seq <= (SELECT last_acked_seq FROM log_state "
							+ "WHERE id = 1) AND seq NOT IN (SELECT seq FROM dead_letters)")) {
				delete.setString(1, attendeeId);
				int count = delete.executeUpdate();
				try (Statement statement = this.connection.createStatement()) {
					statement.executeUpdate("DELETE FROM results WHERE seq NOT IN (SELECT seq FROM entries)");
				}
				return count;
			}
		});
		if (deleted > 0) {
			try {
				execute("PRAGMA wal_checkpoint(TRUNCATE)");
			}
			catch (SQLException ex) {
				throw new LogException("Cannot checkpoint the kiosk log", ex);
			}
		}
		return deleted;
	}

	@Override
	public synchronized void close() {
		try {
			this.connection.close();
		}
		catch (SQLException ex) {
			throw new LogException("Cannot close the kiosk log", ex);
		}
	}

	private static LogEntry entry(ResultSet rs) throws SQLException {
		return new LogEntry(rs.getLong(1), rs.getString(2), rs.getString(3), time(rs.getString(4)),
				time(rs.getString(5)), rs.getBytes(6));
	}

	private static OffsetDateTime time(String text) {
		return (text != null) ? Rfc3339.parse(text) : null;
	}

	/**
	 * A setting of the connection this log writes with, as SQLite reports it (for tests
	 * that must see the durability the log really has, not what a new connection gets).
	 * @param name a PRAGMA name of letters and underscores
	 * @return the value, e.g. {@code 2} for {@code synchronous=FULL}
	 */
	synchronized String pragma(String name) {
		if (!name.matches("[a-z_]+")) {
			throw new IllegalArgumentException("Not a PRAGMA name: " + name);
		}
		return query("PRAGMA " + name, (rs) -> rs.getString(1)).get(0);
	}

	private <T> List<T> query(String sql, Row<T> row) {
		try (Statement statement = this.connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
			List<T> rows = new ArrayList<>();
			while (rs.next()) {
				rows.add(row.map(rs));
			}
			return rows;
		}
		catch (SQLException ex) {
			throw new LogException("Kiosk log query failed", ex);
		}
	}

	private <T> T transaction(Work<T> work) {
		return transaction(work, () -> false);
	}

	/**
	 * Runs work in one write transaction, begun and committed by plain statements: the
	 * driver's own {@code commit()} runs {@code BEGIN IMMEDIATE} right after
	 * {@code COMMIT}, which can fail (busy) after the transaction is durable, and a
	 * committed check-in must never be reported as failed. A failure at or after
	 * {@code COMMIT} is a success when {@code committed} finds the work on disk.
	 */
	private <T> T transaction(Work<T> work, Work<Boolean> committed) {
		try {
			// IMMEDIATE: take the write lock at BEGIN, so two processes on one file
			// serialize instead of failing on a lock upgrade
			execute("BEGIN IMMEDIATE");
		}
		catch (SQLException ex) {
			throw new LogException("Kiosk log write failed", ex);
		}
		T result;
		try {
			result = work.run();
		}
		catch (RuntimeException | SQLException ex) {
			rollback(ex);
			if (ex instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new LogException("Kiosk log write failed", ex);
		}
		try {
			execute("COMMIT");
			return result;
		}
		catch (SQLException ex) {
			rollback(ex);
			if (wasCommitted(committed, ex)) {
				return result;
			}
			throw new LogException("Kiosk log write failed", ex);
		}
	}

	private boolean wasCommitted(Work<Boolean> committed, SQLException failure) {
		try {
			return committed.run();
		}
		catch (SQLException | RuntimeException ex) {
			failure.addSuppressed(ex);
			return false;
		}
	}

	private void rollback(Exception failure) {
		try {
			execute("ROLLBACK");
		}
		catch (SQLException ex) {
			// no transaction left to roll back (a failed COMMIT may have ended it): the
			// work's own failure is what counts
			failure.addSuppressed(ex);
		}
	}

	private void execute(String sql) throws SQLException {
		try (Statement statement = this.connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/**
	 * The wire form stored for an entry, as text (for diagnostics).
	 * @param entry the entry
	 * @return its JSON
	 */
	public static String payloadText(LogEntry entry) {
		return new String(entry.payload(), StandardCharsets.UTF_8);
	}

	@FunctionalInterface
	private interface Row<T> {

		T map(ResultSet rs) throws SQLException;

	}

	@FunctionalInterface
	private interface Work<T> {

		T run() throws SQLException;

	}

}
