package io.eventops.agent.cache;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.eventops.rules.policy.CompiledPolicy;

/**
 * The cache's SQLite store: the attendees and the {@code streamSeq} they reflect, changed
 * only in transactions that move both together, so a crash never leaves a cache that
 * claims a position it does not hold. Names, companies and e-mail addresses are stored
 * encrypted ({@link FieldCipher}, the key in its own file, {@link CacheKey}; #38); the
 * type-ahead decrypts them into memory only.
 */
public final class AttendeeCache implements AutoCloseable {

	private static final String COLUMNS = "attendee_id, display_name, company, tier, checked_in, checked_in_by, "
			+ "credential_version, email, checked_in_at, ticket_type, movements";

	private static final String KEY_CHECK = "the cache key";

	private final Connection connection;

	private final FieldCipher cipher;

	private final SearchIndex index = new SearchIndex();

	// the stored policy compiled once per version (its rules compiled once); the version
	// read from SQLite decides, so this is a cache of the file, never a second truth
	private CompiledPolicy compiled;

	private AttendeeCache(Connection connection, FieldCipher cipher) {
		this.connection = connection;
		this.cipher = cipher;
	}

	/**
	 * Opens (or creates) a cache file with its key file beside it ({@code <file>.key}).
	 * @param file the SQLite file
	 * @return the cache
	 */
	public static AttendeeCache open(Path file) {
		return open(file, file.resolveSibling(file.getFileName() + ".key"));
	}

	/**
	 * Opens (or creates) a cache file whose personal data is encrypted with the key in a
	 * file of its own (created on first use, #38). A cache written without encryption
	 * (before #38) or with another key is emptied and back at position -1, so that the
	 * next round loads a snapshot: it holds nothing the server does not.
	 * @param file the SQLite file
	 * @param keyFile the key file
	 * @return the cache
	 * @throws IllegalStateException when the key file cannot be read or created, or
	 * others may read it
	 */
	public static AttendeeCache open(Path file, Path keyFile) {
		FieldCipher cipher = new FieldCipher(CacheKey.loadOrCreate(keyFile));
		try {
			Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
			try (Statement statement = connection.createStatement()) {
				statement.execute("PRAGMA journal_mode=WAL");
				// deleted and rewritten rows are overwritten with zeros in the file, not
				// left in free space: an erased attendee's bytes leave the disk (#38)
				statement.execute("PRAGMA secure_delete=ON");
				statement.execute("""
						CREATE TABLE IF NOT EXISTS cache_state (id INTEGER PRIMARY KEY CHECK (id = 1),
						  event_id TEXT, stream_seq INTEGER NOT NULL)""");
				statement.execute("""
						CREATE TABLE IF NOT EXISTS cached_attendees (attendee_id TEXT PRIMARY KEY, display_name TEXT,
						  company TEXT, tier TEXT, checked_in INTEGER NOT NULL, checked_in_by TEXT,
						  credential_version INTEGER NOT NULL)""");
				statement.execute("INSERT OR IGNORE INTO cache_state (id, stream_seq) VALUES (1, -1)");
				// caches written before the kiosk screen lack the search columns
				addColumnIfMissing(connection, "email TEXT");
				addColumnIfMissing(connection, "checked_in_at TEXT");
				addColumnIfMissing(connection, "search_text TEXT NOT NULL DEFAULT ''");
				// caches written before access control (#35) lack the policy and
				// movements
				addColumnIfMissing(connection, "ticket_type TEXT");
				addColumnIfMissing(connection, "movements TEXT");
				addColumnIfMissing(connection, "cache_state", "policy_version INTEGER");
				addColumnIfMissing(connection, "cache_state", "policy_json TEXT");
				addColumnIfMissing(connection, "cache_state", "area_id TEXT");
				addColumnIfMissing(connection, "cache_state", "direction TEXT");
				addColumnIfMissing(connection, "cache_state", "key_check BLOB");
			}
			AttendeeCache cache = new AttendeeCache(connection, cipher);
			cache.checkKey();
			return cache;
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot open the attendee cache " + file, ex);
		}
	}

	// a sealed constant tells whether the rows were written with this key
	private void checkKey() throws SQLException {
		byte[] check;
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT key_check FROM cache_state WHERE id = 1")) {
			rows.next();
			check = rows.getBytes(1);
		}
		if (check != null) {
			try {
				if (KEY_CHECK.equals(this.cipher.open(check, "cache_state", "key_check"))) {
					return;
				}
			}
			catch (IllegalStateException ex) {
				// another key: below
			}
			System.err.println("kiosk-agent: the attendee cache was written with another key: emptied, "
					+ "the next round loads a snapshot");
		}
		inTransaction(() -> {
			try (Statement statement = this.connection.createStatement()) {
				statement.executeUpdate("DELETE FROM cached_attendees");
			}
			try (PreparedStatement statement = this.connection
				.prepareStatement("UPDATE cache_state SET stream_seq = -1, key_check = ? WHERE id = 1")) {
				statement.setBytes(1, this.cipher.seal(KEY_CHECK, "cache_state", "key_check"));
				statement.executeUpdate();
			}
		});
		purgeJournal();
	}

	private static void addColumnIfMissing(Connection connection, String column) throws SQLException {
		addColumnIfMissing(connection, "cached_attendees", column);
	}

	private static void addColumnIfMissing(Connection connection, String table, String column) throws SQLException {
		String name = column.substring(0, column.indexOf(' '));
		try (Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("PRAGMA table_info(" + table + ")")) {
			while (rows.next()) {
				if (name.equals(rows.getString("name"))) {
					return;
				}
			}
		}
		try (Statement statement = connection.createStatement()) {
			statement.execute("ALTER TABLE " + table + " ADD COLUMN " + column);
		}
	}

	/**
	 * The event the cache holds.
	 * @return the event id, or {@code null} before the first snapshot
	 */
	public synchronized String eventId() {
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT event_id FROM cache_state WHERE id = 1")) {
			rows.next();
			return rows.getString(1);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Type-ahead over name, company and e-mail address, case- and accent-insensitive
	 * ({@link SearchText}): every word of the query must occur; names that start with the
	 * query come first.
	 * @param query what was typed
	 * @param limit most results
	 * @return the matches, none for a blank query
	 */
	public synchronized List<CachedAttendee> search(String query, int limit) {
		List<String> words = SearchText.words(query);
		if (words.isEmpty()) {
			return List.of();
		}
		try {
			if (this.index.stale()) {
				this.index.load(indexEntries());
			}
			return byIds(this.index.search(words, limit));
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	// decrypted into memory: the file holds no plaintext to search (#38)
	private List<SearchIndex.Entry> indexEntries() throws SQLException {
		List<SearchIndex.Entry> entries = new ArrayList<>();
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement
					.executeQuery("SELECT attendee_id, display_name, company, email FROM cached_attendees")) {
			while (rows.next()) {
				String attendeeId = rows.getString(1);
				entries.add(entry(attendeeId, this.cipher.open(rows.getBytes(2), attendeeId, "display_name"),
						this.cipher.open(rows.getBytes(3), attendeeId, "company"),
						this.cipher.open(rows.getBytes(4), attendeeId, "email")));
			}
		}
		return entries;
	}

	private static SearchIndex.Entry entry(String attendeeId, String displayName, String company, String email) {
		// the folded name first, so that "starts with" ranks by the name
		return new SearchIndex.Entry(attendeeId, displayName,
				SearchText.fold(displayName) + " | " + SearchText.fold(company) + " | " + SearchText.fold(email));
	}

	// the rows themselves come from the table, so a check-in shows at once
	private List<CachedAttendee> byIds(List<String> ids) throws SQLException {
		if (ids.isEmpty()) {
			return List.of();
		}
		String marks = String.join(", ", Collections.nCopies(ids.size(), "?"));
		Map<String, CachedAttendee> found = new HashMap<>();
		try (PreparedStatement statement = this.connection
			.prepareStatement("SELECT " + COLUMNS + " FROM cached_attendees WHERE attendee_id IN (" + marks + ")")) {
			for (int i = 0; i < ids.size(); i++) {
				statement.setString(i + 1, ids.get(i));
			}
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					CachedAttendee attendee = map(rows);
					found.put(attendee.attendeeId(), attendee);
				}
			}
		}
		List<CachedAttendee> ranked = new ArrayList<>(ids.size());
		for (String id : ids) {
			CachedAttendee attendee = found.get(id);
			if (attendee != null) {
				ranked.add(attendee);
			}
		}
		return ranked;
	}

	/**
	 * The position the cache reflects; -1 before the first snapshot.
	 * @return the stream position
	 */
	public synchronized long streamSeq() {
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT stream_seq FROM cache_state WHERE id = 1")) {
			rows.next();
			return rows.getLong(1);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Replaces everything with a snapshot.
	 * @param eventId the event
	 * @param streamSeq the position the snapshot was built at
	 * @param attendees every attendee of the event
	 */
	public synchronized void replace(String eventId, long streamSeq, List<CachedAttendee> attendees) {
		replace(eventId, streamSeq, attendees, null);
	}

	/**
	 * Replaces everything with a snapshot of an event that may have a policy.
	 * @param eventId the event
	 * @param streamSeq the position the snapshot was built at
	 * @param attendees every attendee of the event
	 * @param policy the policy in force at that position, or {@code null} for none (an
	 * event without access control, or a server that knows none)
	 * @throws io.eventops.rules.policy.InvalidPolicyException when the policy is not
	 * valid (nothing is written)
	 */
	public synchronized void replace(String eventId, long streamSeq, List<CachedAttendee> attendees,
			CachedPolicy policy) {
		CompiledPolicy compiledPolicy = (policy != null) ? AccessJson.compile(policy) : null;
		inTransaction(() -> {
			writePolicy(policy);
			try (Statement statement = this.connection.createStatement()) {
				statement.execute("DELETE FROM cached_attendees");
			}
			this.index.cleared();
			for (CachedAttendee attendee : attendees) {
				upsert(attendee);
			}
			try (PreparedStatement statement = this.connection
				.prepareStatement("UPDATE cache_state SET event_id = ?, stream_seq = ? WHERE id = 1")) {
				statement.setString(1, eventId);
				statement.setLong(2, streamSeq);
				statement.executeUpdate();
			}
		});
		this.compiled = compiledPolicy;
		// the plaintext is at hand: the first query need not decrypt the table (#38)
		List<SearchIndex.Entry> entries = new ArrayList<>(attendees.size());
		for (CachedAttendee attendee : attendees) {
			entries.add(entry(attendee.attendeeId(), attendee.displayName(), attendee.company(), attendee.email()));
		}
		this.index.load(entries);
	}

	/**
	 * Applies a policy change (kind {@code POLICY}) if it is newer than the last applied
	 * change (invariant 10).
	 * @param streamSeq the change's position
	 * @param policy the policy saved
	 * @return whether it was applied
	 * @throws io.eventops.rules.policy.InvalidPolicyException when the policy is not
	 * valid (nothing is written)
	 */
	public synchronized boolean applyPolicy(long streamSeq, CachedPolicy policy) {
		if (streamSeq <= streamSeq()) {
			return false;
		}
		CompiledPolicy compiledPolicy = AccessJson.compile(policy);
		inTransaction(() -> {
			writePolicy(policy);
			try (PreparedStatement statement = this.connection
				.prepareStatement("UPDATE cache_state SET stream_seq = ? WHERE id = 1")) {
				statement.setLong(1, streamSeq);
				statement.executeUpdate();
			}
		});
		this.compiled = compiledPolicy;
		return true;
	}

	private void writePolicy(CachedPolicy policy) throws SQLException {
		try (PreparedStatement statement = this.connection
			.prepareStatement("UPDATE cache_state SET policy_version = ?, policy_json = ? WHERE id = 1")) {
			if (policy != null) {
				statement.setLong(1, policy.version());
				statement.setString(2, policy.json());
			}
			else {
				statement.setNull(1, java.sql.Types.INTEGER);
				statement.setNull(2, java.sql.Types.VARCHAR);
			}
			statement.executeUpdate();
		}
	}

	/**
	 * Keeps the kiosk's area and direction as the edge's sync-state told them, so that an
	 * offline kiosk still knows where it stands after a restart.
	 * @param placement the placement
	 */
	public synchronized void keepPlacement(KioskPlacement placement) {
		try (PreparedStatement statement = this.connection
			.prepareStatement("UPDATE cache_state SET area_id = ?, direction = ? WHERE id = 1")) {
			statement.setString(1, placement.areaId());
			statement.setString(2, placement.direction().name());
			statement.executeUpdate();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The kiosk's area and direction, as last told by the edge.
	 * @return the placement; {@link KioskPlacement#NONE} before the edge told any
	 */
	public synchronized KioskPlacement placement() {
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT area_id, direction FROM cache_state WHERE id = 1")) {
			rows.next();
			return KioskPlacement.of(rows.getString(1), rows.getString(2));
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The policy the cache holds, as stored.
	 * @return the policy, or empty for an event without one
	 */
	public synchronized Optional<CachedPolicy> storedPolicy() {
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement
					.executeQuery("SELECT policy_version, policy_json FROM cache_state WHERE id = 1")) {
			rows.next();
			String text = rows.getString(2);
			return (text != null) ? Optional.of(new CachedPolicy(rows.getLong(1), text)) : Optional.empty();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The policy the cache holds, compiled once per version.
	 * @return the compiled policy, or empty for an event without one
	 */
	public synchronized Optional<CompiledPolicy> policy() {
		Optional<CachedPolicy> stored = storedPolicy();
		if (stored.isEmpty()) {
			return Optional.empty();
		}
		if (this.compiled == null || this.compiled.version() != stored.get().version()) {
			this.compiled = AccessJson.compile(stored.get());
		}
		return Optional.of(this.compiled);
	}

	/**
	 * Applies one change if it is newer than the last applied one (invariant 10):
	 * duplicates and late deliveries are no-ops.
	 * @param streamSeq the change's position
	 * @param attendee the attendee's state after the change
	 * @return whether it was applied
	 */
	public synchronized boolean apply(long streamSeq, CachedAttendee attendee) {
		if (streamSeq <= streamSeq()) {
			return false;
		}
		inTransaction(() -> {
			upsert(attendee);
			try (PreparedStatement statement = this.connection
				.prepareStatement("UPDATE cache_state SET stream_seq = ? WHERE id = 1")) {
				statement.setLong(1, streamSeq);
				statement.executeUpdate();
			}
		});
		return true;
	}

	/**
	 * Applies an {@code ERASED} change (#38) if it is newer than the last applied one
	 * (invariant 10): the attendee's row goes, with its name, company and e-mail address,
	 * from the table and the search index; the bytes leave the file once
	 * {@link #purgeJournal} has run.
	 * @param streamSeq the change's position
	 * @param attendeeId the attendee erased
	 * @return whether it was applied
	 */
	public synchronized boolean erase(long streamSeq, String attendeeId) {
		if (streamSeq <= streamSeq()) {
			return false;
		}
		inTransaction(() -> {
			deleteAttendee(attendeeId);
			try (PreparedStatement statement = this.connection
				.prepareStatement("UPDATE cache_state SET stream_seq = ? WHERE id = 1")) {
				statement.setLong(1, streamSeq);
				statement.executeUpdate();
			}
		});
		return true;
	}

	private void deleteAttendee(String attendeeId) throws SQLException {
		try (PreparedStatement statement = this.connection
			.prepareStatement("DELETE FROM cached_attendees WHERE attendee_id = ?")) {
			statement.setString(1, attendeeId);
			if (statement.executeUpdate() > 0) {
				this.index.removed(attendeeId);
			}
		}
	}

	/**
	 * Deletes, on the kiosk's own, the attendees of an event that ended more than the
	 * retention ago (#38, {@code cache-retention}): the end of the policy's last day in
	 * its time zone. The cache of an event whose end the kiosk does not know (no policy,
	 * or one without days) is never deleted by age: the time of its last change is no
	 * end, as a list unchanged for longer than the retention before the event would be
	 * deleted as the event starts, and the server's erasure reaches the kiosk as
	 * {@code ERASED} changes. The stream position stays, so the cache does not load the
	 * attendees again by snapshot; a change of an attendee afterwards is deleted by the
	 * next call.
	 * @param now the kiosk's time
	 * @param retention how long after the end the attendees are kept
	 * @return how many attendees were deleted
	 */
	public synchronized int expire(Instant now, Duration retention) {
		Optional<Instant> end = eventEnd();
		if (end.isEmpty() || now.isBefore(end.get().plus(retention))) {
			return 0;
		}
		int[] deleted = new int[1];
		inTransaction(() -> {
			try (Statement statement = this.connection.createStatement()) {
				deleted[0] = statement.executeUpdate("DELETE FROM cached_attendees");
			}
		});
		if (deleted[0] > 0) {
			this.index.cleared();
			purgeJournal();
		}
		return deleted[0];
	}

	/**
	 * When the cache's event ended, as far as the kiosk knows: the end of the cached
	 * policy's last day in its time zone (see {@link #expire}).
	 * @return the end, or empty without a policy that names days
	 */
	public synchronized Optional<Instant> eventEnd() {
		return policy().filter((policy) -> !policy.days().isEmpty())
			.map((policy) -> Collections.max(policy.days()).plusDays(1).atStartOfDay(policy.zone()).toInstant());
	}

	/**
	 * Moves everything written into the database file and empties the write-ahead log:
	 * with {@code secure_delete} the file's pages hold zeros where deleted rows were, and
	 * the older page images that the WAL still held are gone with it.
	 */
	public synchronized void purgeJournal() {
		try (Statement statement = this.connection.createStatement()) {
			statement.execute("PRAGMA wal_checkpoint(TRUNCATE)");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot checkpoint the attendee cache", ex);
		}
	}

	/**
	 * Notes this kiosk's own check-in before the server's change arrives; the stream
	 * position does not move, so the server's change still applies over it.
	 * @param attendeeId the attendee
	 * @param kioskId this kiosk
	 */
	public synchronized void markCheckedIn(String attendeeId, String kioskId) {
		markCheckedIn(attendeeId, kioskId, null);
	}

	/**
	 * Notes this kiosk's own check-in, with its capture time, before the server's change
	 * arrives.
	 * @param attendeeId the attendee
	 * @param kioskId this kiosk
	 * @param capturedAt the capture time (RFC 3339), or {@code null}
	 */
	public synchronized void markCheckedIn(String attendeeId, String kioskId, String capturedAt) {
		try (PreparedStatement statement = this.connection.prepareStatement("""
				UPDATE cached_attendees SET checked_in = 1, checked_in_by = coalesce(checked_in_by, ?),
				  checked_in_at = coalesce(checked_in_at, ?)
				WHERE attendee_id = ? AND checked_in = 0""")) {
			statement.setString(1, kioskId);
			statement.setString(2, capturedAt);
			statement.setString(3, attendeeId);
			statement.executeUpdate();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Looks an attendee up.
	 * @param attendeeId the attendee
	 * @return the cached attendee, if known
	 */
	public synchronized Optional<CachedAttendee> find(String attendeeId) {
		try (PreparedStatement statement = this.connection
			.prepareStatement("SELECT " + COLUMNS + " FROM cached_attendees WHERE attendee_id = ?")) {
			statement.setString(1, attendeeId);
			try (ResultSet rows = statement.executeQuery()) {
				return rows.next() ? Optional.of(map(rows)) : Optional.empty();
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * How many attendees the cache holds.
	 * @return the count
	 */
	public synchronized int size() {
		try (Statement statement = this.connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT count(*) FROM cached_attendees")) {
			rows.next();
			return rows.getInt(1);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private CachedAttendee map(ResultSet rows) throws SQLException {
		String attendeeId = rows.getString(1);
		return new CachedAttendee(attendeeId, this.cipher.open(rows.getBytes(2), attendeeId, "display_name"),
				this.cipher.open(rows.getBytes(3), attendeeId, "company"), rows.getString(4), rows.getInt(5) == 1,
				rows.getString(6), rows.getInt(7), this.cipher.open(rows.getBytes(8), attendeeId, "email"),
				rows.getString(9), rows.getString(10), AccessJson.movements(attendeeId, rows.getString(11)));
	}

	private void upsert(CachedAttendee attendee) throws SQLException {
		try (PreparedStatement statement = this.connection.prepareStatement("""
				INSERT INTO cached_attendees (attendee_id, display_name, company, tier, checked_in, checked_in_by,
				  credential_version, email, checked_in_at, search_text, ticket_type, movements)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (attendee_id) DO UPDATE SET display_name = excluded.display_name,
				  company = excluded.company, tier = excluded.tier, checked_in = excluded.checked_in,
				  checked_in_by = excluded.checked_in_by, credential_version = excluded.credential_version,
				  email = excluded.email, checked_in_at = excluded.checked_in_at,
				  search_text = excluded.search_text, ticket_type = excluded.ticket_type,
				  movements = excluded.movements""")) {
			statement.setString(1, attendee.attendeeId());
			statement.setBytes(2, this.cipher.seal(attendee.displayName(), attendee.attendeeId(), "display_name"));
			statement.setBytes(3, this.cipher.seal(attendee.company(), attendee.attendeeId(), "company"));
			statement.setString(4, attendee.tier());
			statement.setInt(5, attendee.checkedIn() ? 1 : 0);
			statement.setString(6, attendee.checkedInBy());
			statement.setInt(7, attendee.credentialVersion());
			statement.setBytes(8, this.cipher.seal(attendee.email(), attendee.attendeeId(), "email"));
			statement.setString(9, attendee.checkedInAt());
			// the search text lives in memory only (#38); the column stays for old files
			statement.setString(10, "");
			statement.setString(11, attendee.ticketType());
			statement.setString(12, AccessJson.movementsText(attendee.movements()));
			statement.executeUpdate();
			this.index
				.written(entry(attendee.attendeeId(), attendee.displayName(), attendee.company(), attendee.email()));
		}
	}

	private void inTransaction(SqlWork work) {
		try {
			this.connection.setAutoCommit(false);
			try {
				work.run();
				this.connection.commit();
			}
			catch (SQLException | RuntimeException ex) {
				this.connection.rollback();
				// the index followed writes that are gone: read it again from the table
				this.index.cleared();
				throw ex;
			}
			finally {
				this.connection.setAutoCommit(true);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Attendee cache write failed", ex);
		}
	}

	@Override
	public synchronized void close() {
		try {
			this.connection.close();
		}
		catch (SQLException ex) {
			// closing: nothing to keep
		}
	}

	/**
	 * Deletes every cached attendee and its search entry, overwriting the deleted pages
	 * and emptying the write-ahead log: the edge revoked this kiosk (issue #37, invariant
	 * 15). The next sync would start from a snapshot.
	 */
	public synchronized void forgetPersonalData() {
		try (Statement statement = this.connection.createStatement()) {
			statement.execute("PRAGMA secure_delete = ON");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Attendee cache write failed", ex);
		}
		inTransaction(() -> {
			try (Statement statement = this.connection.createStatement()) {
				statement.execute("DELETE FROM cached_attendees");
				statement.execute("UPDATE cache_state SET stream_seq = -1 WHERE id = 1");
			}
			this.index.cleared();
		});
		try (Statement statement = this.connection.createStatement()) {
			statement.execute("PRAGMA wal_checkpoint(TRUNCATE)");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Attendee cache checkpoint failed", ex);
		}
	}

	private interface SqlWork {

		void run() throws SQLException;

	}

}
