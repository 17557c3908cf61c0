package io.eventops.agent.log;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.eventops.agent.http.WireFormat;
import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SQLite log on its own: stamping, durability settings, append-only storage, the
 * watermark and truncation.
 */
class KioskLogTests {

	private static final OffsetDateTime NOW = OffsetDateTime.parse("2026-07-16T09:01:00.123+02:00");

	@TempDir
	Path directory;

	private final MutableClock clock = new MutableClock(NOW.toInstant());

	private KioskLog open() {
		return KioskLog.open(this.directory.resolve("k.db"), "kiosk-07", 4096, WireFormat::entry, this.clock);
	}

	@Test
	void appendStampsTheNextSeqKeyAndTimes() {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(800);
			LogEntry entry = log.append("att_1", NOW.minusSeconds(1), false, null);
			assertThat(entry.seq()).isEqualTo(801);
			assertThat(entry.idempotencyKey()).isEqualTo("kiosk-07:801");
			assertThat(entry.capturedAt()).isEqualTo(NOW.minusSeconds(1));
			assertThat(entry.queuedAt().toInstant()).isEqualTo(NOW.toInstant());
			assertThat(log.append("att_2", NOW, false, null).seq()).isEqualTo(802);
		}
	}

	@Test
	void logIsWalWithSynchronousFull() throws SQLException {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(0);
			log.append("att_1", NOW, false, null);
			// read on the connection the log writes with: synchronous is per connection,
			// and
			// a new connection would report SQLite's default whatever the log uses
			assertThat(log.pragma("synchronous")).isEqualTo("2");
			assertThat(log.pragma("journal_mode")).isEqualTo("wal");
		}
		try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + this.directory.resolve("k.db"));
				Statement statement = connection.createStatement()) {
			assertThat(single(statement, "PRAGMA journal_mode")).isEqualTo("wal");
		}
		try (KioskLog log = open()) {
			assertThat(log.state().lastSeq()).isEqualTo(1);
		}
	}

	@Test
	void aFailureAfterTheDurableCommitStillReportsTheEntryAsRecorded() {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(0);
		}
		try (KioskLog log = KioskLog.open(this.directory.resolve("k.db"), "kiosk-07", 4096, WireFormat::entry,
				this.clock, KioskLogTests::failingAfterCommit)) {
			LogEntry entry = log.append("att_1", NOW, false, null);
			assertThat(entry.seq()).isEqualTo(1);
			assertThat(log.append("att_2", NOW, false, null).seq()).isEqualTo(2);
		}
		try (KioskLog log = open()) {
			assertThat(log.state().lastSeq()).isEqualTo(2);
			assertThat(log.pending(500, 1 << 20)).extracting(LogEntry::attendeeId).containsExactly("att_1", "att_2");
		}
	}

	@Test
	void aLogOfAnEarlierAgentGainsTheSequenceConflictColumnAndKeepsItsEntries() throws SQLException {
		try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + this.directory.resolve("k.db"));
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE log_state (id INTEGER PRIMARY KEY CHECK (id = 1), kiosk_id TEXT NOT NULL, "
					+ "last_seq INTEGER NOT NULL, last_acked_seq INTEGER NOT NULL, sequence_known INTEGER NOT NULL, "
					+ "last_error TEXT, last_error_at TEXT, last_success_at TEXT)");
			statement.execute("INSERT INTO log_state VALUES (1, 'kiosk-07', 41, 41, 1, NULL, NULL, NULL)");
		}
		try (KioskLog log = open()) {
			assertThat(log.state().sequenceConflict()).isNull();
			assertThat(log.append("att_1", NOW, false, null).seq()).isEqualTo(42);
			log.stopForSequenceConflict("restored");
			assertThatExceptionOfType(SequenceConflictException.class)
				.isThrownBy(() -> log.append("att_2", NOW, false, null))
				.withMessage("restored");
		}
	}

	@Test
	void checkInBeforeTheSequenceIsKnownIsRefused() {
		try (KioskLog log = open()) {
			assertThatExceptionOfType(SequenceUnknownException.class)
				.isThrownBy(() -> log.append("att_1", NOW, false, null));
			assertThat(log.state().lastSeq()).isZero();
		}
	}

	@Test
	void oversizedEntryIsRefusedAndConsumesNoSeq() {
		try (KioskLog log = KioskLog.open(this.directory.resolve("k.db"), "kiosk-07", 300, WireFormat::entry,
				this.clock)) {
			log.continueSequenceAfter(0);
			assertThatExceptionOfType(EntryTooLargeException.class).isThrownBy(() -> log.append("att_1", NOW, false,
					new io.eventops.model.flush.BadgeOverrides("x".repeat(128), "y".repeat(128))));
			assertThat(log.append("att_1", NOW, false, null).seq()).isEqualTo(1);
			assertThat(log.storedCount()).isEqualTo(1);
		}
	}

	@Test
	void writtenEntriesCannotBeChangedNorUnacknowledgedOnesDeleted() throws SQLException {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(0);
			log.append("att_1", NOW, false, null);
		}
		try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + this.directory.resolve("k.db"));
				Statement statement = connection.createStatement()) {
			assertThatThrownBy(() -> statement.executeUpdate("UPDATE entries SET attendee_id = 'other'"))
				.hasMessageContaining("append-only");
			assertThatThrownBy(() -> statement.executeUpdate("DELETE FROM entries"))
				.hasMessageContaining("only acknowledged");
		}
	}

	@Test
	void watermarkPersistsAndNeverMovesBackNorBeyondWhatWasSent() {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(0);
			for (int i = 0; i < 5; i++) {
				log.append("att_" + i, NOW, false, null);
			}
			assertThat(log.acknowledge(results(1, 3), 3, 3)).isEqualTo(3);
			assertThat(log.acknowledge(List.of(), 2, 5)).as("never back").isEqualTo(3);
			assertThat(log.acknowledge(results(4, 4), 9, 4)).as("never beyond the request").isEqualTo(4);
		}
		try (KioskLog log = open()) {
			assertThat(log.state().lastAckedSeq()).isEqualTo(4);
			assertThat(log.pending(500, 1 << 20)).extracting(LogEntry::seq).containsExactly(5L);
		}
	}

	@Test
	void pendingSkipsDeadLettersAndRespectsTheByteBudget() {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(0);
			for (int i = 0; i < 4; i++) {
				log.append("att_" + i, NOW, false, null);
			}
			log.deadLetter(log.pending(1, 1 << 20).get(0), 400, "bad");
			assertThat(log.pending(500, 1 << 20)).extracting(LogEntry::seq).containsExactly(2L, 3L, 4L);
			int one = log.pending(1, 1 << 20).get(0).payload().length;
			assertThat(log.pending(500, one + 1)).hasSize(1);
			assertThat(log.pendingCount()).isEqualTo(3);
			assertThat(log.deadLetters()).singleElement().satisfies((dead) -> {
				assertThat(dead.seq()).isEqualTo(1);
				assertThat(dead.status()).isEqualTo(400);
			});
		}
	}

	@Test
	void truncationDeletesOnlyAcknowledgedEntriesOlderThanTheRetention() {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(0);
			for (int i = 0; i < 4; i++) {
				log.append("att_" + i, NOW, false, null);
			}
			log.deadLetter(log.pending(1, 1 << 20).get(0), 400, "bad");
			log.acknowledge(results(2, 2), 2, 2);
			this.clock.advance(Duration.ofHours(2));
			log.acknowledge(results(3, 3), 3, 3);
			assertThat(log.truncate(Duration.ofHours(1))).isEqualTo(1);
			assertThat(log.storedCount()).as("dead letter, recent ack and pending stay").isEqualTo(3);
			assertThat(log.state().lastSeq()).isEqualTo(4);
		}
	}

	@Test
	void aLogOfAnotherKioskIsRefused() {
		try (KioskLog log = open()) {
			log.continueSequenceAfter(0);
		}
		assertThatThrownBy(
				() -> KioskLog.open(this.directory.resolve("k.db"), "kiosk-08", 4096, WireFormat::entry, this.clock))
			.hasMessageContaining("belongs to kiosk kiosk-07");
	}

	@Test
	void theKioskIdIsStoredAsGivenWhateverItsCharacters() {
		String kioskId = "kiosk-'07'; DROP TABLE log_state; --";
		try (KioskLog log = KioskLog.open(this.directory.resolve("odd.db"), kioskId, 4096, WireFormat::entry,
				this.clock)) {
			assertThat(log.state().kioskId()).isEqualTo(kioskId);
		}
		try (KioskLog again = KioskLog.open(this.directory.resolve("odd.db"), kioskId, 4096, WireFormat::entry,
				this.clock)) {
			assertThat(again.state().kioskId()).as("reopened by its owner").isEqualTo(kioskId);
		}
	}

	/**
	 * The SQLite connection as the driver behaves when the commit is durable but what the
	 * driver does right after it fails: sqlite-jdbc's {@code commit()} runs {@code BEGIN
	 * IMMEDIATE} after {@code COMMIT}, which another writer can make fail (busy).
	 */
	private static Connection failingAfterCommit(Connection real) {
		return (Connection) Proxy.newProxyInstance(KioskLogTests.class.getClassLoader(),
				new Class<?>[] { Connection.class }, (proxy, method, arguments) -> {
					Object result = invoke(real, method, arguments);
					if (method.getName().equals("commit")) {
						throw new SQLException("[SQLITE_BUSY] The database file is locked (begin immediate)");
					}
					if (result instanceof Statement statement) {
						return failingAfterCommit(statement,
								(arguments != null && arguments.length > 0 && arguments[0] instanceof String sql) ? sql
										: null);
					}
					return result;
				});
	}

	private static Statement failingAfterCommit(Statement real, String preparedSql) {
		Class<?> type = (real instanceof PreparedStatement) ? PreparedStatement.class : Statement.class;
		return (Statement) Proxy.newProxyInstance(KioskLogTests.class.getClassLoader(), new Class<?>[] { type },
				(proxy, method, arguments) -> {
					Object result = invoke(real, method, arguments);
					String sql = (arguments != null && arguments.length > 0 && arguments[0] instanceof String text)
							? text : preparedSql;
					if (method.getName().startsWith("execute") && sql != null
							&& sql.strip().toUpperCase(java.util.Locale.ROOT).startsWith("COMMIT")) {
						throw new SQLException("[SQLITE_BUSY] The database file is locked (after COMMIT)");
					}
					return result;
				});
	}

	private static Object invoke(Object target, Method method, Object[] arguments) throws Throwable {
		try {
			return method.invoke(target, arguments);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	private static List<EntryResult> results(long from, long to) {
		return java.util.stream.LongStream.rangeClosed(from, to)
			.mapToObj((seq) -> EntryResult.of(seq, "kiosk-07:" + seq, Outcome.APPLIED, List.of()))
			.toList();
	}

	private static String single(Statement statement, String sql) throws SQLException {
		try (ResultSet rs = statement.executeQuery(sql)) {
			rs.next();
			return rs.getString(1);
		}
	}

	/**
	 * A clock tests move by hand.
	 */
	static final class MutableClock extends Clock {

		private Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		void advance(Duration by) {
			this.now = this.now.plus(by);
		}

		@Override
		public java.time.ZoneId getZone() {
			return ZoneOffset.ofHours(2);
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
