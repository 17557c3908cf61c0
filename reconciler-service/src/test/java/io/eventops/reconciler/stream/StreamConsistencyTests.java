package io.eventops.reconciler.stream;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.checkin.BatchReconciler;
import io.eventops.reconciler.web.DomainException;
import org.awaitility.Awaitility;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@ReconcilerTest
class StreamConsistencyTests {

	@Autowired
	private StreamReader reader;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private ChangeLog changeLog;

	@Autowired
	private TransactionTemplate transactions;

	@Autowired
	private ChangeLogPruner pruner;

	@Autowired
	private PlatformTransactionManager transactionManager;

	// the edges wake their waiting kiosk caches on this notification: it must come with
	// the commit of a change, name the change's event, and never come for a rollback
	@Test
	void aChangeNotifiesItsEventAtCommitAndARolledBackChangeDoesNot() throws Exception {
		String event = TestData.unique("evt");
		List<String> attendees = TestData.attendees(this.jdbc, event, 2);
		try (Connection listener = this.dataSource.getConnection()) {
			listener.setAutoCommit(true);
			try (Statement statement = listener.createStatement()) {
				statement.execute("LISTEN " + ChangeLog.CHANNEL);
			}
			PGConnection notifications = listener.unwrap(PGConnection.class);
			this.transactions.executeWithoutResult((status) -> {
				this.changeLog.append(event, Map.of(attendees.get(0), ChangeKind.UPDATED));
				status.setRollbackOnly();
			});
			this.transactions.executeWithoutResult(
					(status) -> this.changeLog.append(event, Map.of(attendees.get(1), ChangeKind.UPDATED)));
			List<String> received = new ArrayList<>();
			Awaitility.await().until(() -> {
				PGNotification[] batch = notifications.getNotifications(100);
				if (batch != null) {
					Arrays.stream(batch)
						.filter((notification) -> notification.getName().equals(ChangeLog.CHANNEL))
						.map(PGNotification::getParameter)
						.filter(event::equals)
						.forEach(received::add);
				}
				return !received.isEmpty();
			});
			// only the committed change: the rolled-back one came first and sent nothing
			assertThat(this.reader.changes(event, 0, 10).changes()).hasSize(1);
			assertThat(received).containsExactly(event);
		}
	}

	// Invariant 10: the stream lock and the change log insert go to the server in one
	// round trip; the insert must still read the attendee as of after the lock, so that a
	// change committed while it waited is not overwritten by an older state later in the
	// stream
	@Test
	void aChangeWrittenAfterWaitingForTheStreamLockReadsWhatCommittedMeanwhile() throws Exception {
		String event = TestData.unique("evt");
		String attendee = TestData.attendees(this.jdbc, event, 1).get(0);
		try (Connection holder = this.dataSource.getConnection();
				ExecutorService pool = Executors.newSingleThreadExecutor()) {
			holder.setAutoCommit(false);
			try (PreparedStatement lock = holder
				.prepareStatement("SELECT pg_advisory_xact_lock(hashtext('eventops.stream:' || ?))")) {
				lock.setString(1, event);
				lock.execute();
			}
			Future<?> writer = pool.submit(() -> this.transactions
				.executeWithoutResult((status) -> this.changeLog.append(event, Map.of(attendee, ChangeKind.UPDATED))));
			Awaitility.await()
				.atMost(Duration.ofSeconds(10))
				.until(() -> this.jdbc.queryForObject(
						"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
						Integer.class) > 0);
			try (PreparedStatement rename = holder
				.prepareStatement("UPDATE reconciler.attendees SET display_name = 'Renamed' WHERE attendee_id = ?")) {
				rename.setString(1, attendee);
				rename.executeUpdate();
			}
			holder.commit();
			writer.get(10, TimeUnit.SECONDS);
		}
		assertThat(this.jdbc.queryForObject(
				"SELECT attendee->>'displayName' FROM reconciler.change_log WHERE event_id = ? AND attendee_id = ?",
				String.class, event, attendee))
			.isEqualTo("Renamed");
	}

	// an event imported more than the retention before its doors open has every change
	// pruned: its snapshot must still be a position the changes can resume from, or every
	// kiosk takes snapshot after snapshot, each answered 410 (invariant 10)
	@Test
	void aSnapshotOfAnEventWhoseChangesWereAllPrunedIsAPositionTheChangesResumeFrom() {
		String event = TestData.unique("evt");
		List<String> attendees = TestData.attendees(this.jdbc, event, 2);
		this.transactions.executeWithoutResult((status) -> this.changeLog.append(event,
				Map.of(attendees.get(0), ChangeKind.REGISTERED, attendees.get(1), ChangeKind.REGISTERED)));
		ageChanges(event);
		this.pruner.prune();
		long horizon = this.jdbc.queryForObject(
				"SELECT pruned_through FROM reconciler.change_log_horizon WHERE event_id = ?", Long.class, event);

		StreamReader.Snapshot snapshot = this.reader.snapshot(event);

		assertThat(snapshot.attendees()).hasSize(2);
		assertThat(snapshot.streamSeq()).isGreaterThanOrEqualTo(horizon);
		assertThat(this.reader.changes(event, snapshot.streamSeq(), 10).changes()).isEmpty();
	}

	// the horizon and the changes must be read as of one moment: a prune committed
	// between
	// two reads would drop changes the first read did not know were gone, and the page
	// would skip them without a word (invariant 10)
	@Test
	void aPruneCommittedWhileChangesAreReadIsAResyncNotASilentGap() throws Exception {
		String event = TestData.unique("evt");
		List<String> attendees = TestData.attendees(this.jdbc, event, 3);
		List<Long> seqs = new ArrayList<>();
		for (String attendee : attendees) {
			this.transactions
				.executeWithoutResult((status) -> this.changeLog.append(event, Map.of(attendee, ChangeKind.UPDATED)));
			seqs.add(this.jdbc.queryForObject(
					"SELECT stream_seq FROM reconciler.change_log WHERE event_id = ? AND attendee_id = ?", Long.class,
					event, attendee));
		}
		// the first two changes are past the retention, the third is not
		this.jdbc.update("""
				UPDATE reconciler.change_log SET committed_at = now() - interval '30 days'
				WHERE event_id = ? AND stream_seq <= ?""", event, seqs.get(1));
		try (ExecutorService pool = Executors.newSingleThreadExecutor()) {
			Future<StreamReader.Changes> read = this.transactions.execute((status) -> {
				// the prune's transaction holds the change log from before the reader
				// starts until it committed: a read of the change log waits for it
				this.jdbc.execute("LOCK TABLE reconciler.change_log IN ACCESS EXCLUSIVE MODE");
				Future<StreamReader.Changes> reading = pool.submit(() -> this.reader.changes(event, seqs.get(0), 10));
				Awaitility.await()
					.atMost(Duration.ofSeconds(10))
					.until(() -> this.jdbc.queryForObject(
							"SELECT count(*) FROM pg_locks WHERE relation = 'reconciler.change_log'::regclass AND NOT granted",
							Integer.class) > 0);
				this.pruner.prune();
				return reading;
			});
			assertThatThrownBy(() -> read.get(10, TimeUnit.SECONDS)).cause()
				.isInstanceOfSatisfying(DomainException.class,
						(refused) -> assertThat(refused.slug()).isEqualTo("resync"));
		}
	}

	// the stream order rests on READ COMMITTED: the append's snapshot is taken once the
	// stream lock is granted. Under REPEATABLE READ it would be the transaction's first
	// one, older than the changes committed while it waited, so the append refuses to
	// run there (invariant 10)
	@Test
	void aChangeAppendedOutsideReadCommittedIsRefusedAndNothingIsWritten() {
		String event = TestData.unique("evt");
		String attendee = TestData.attendees(this.jdbc, event, 1).get(0);
		TransactionTemplate repeatableRead = new TransactionTemplate(this.transactionManager);
		repeatableRead.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);

		assertThatThrownBy(() -> repeatableRead
			.executeWithoutResult((status) -> this.changeLog.append(event, Map.of(attendee, ChangeKind.UPDATED))))
			.hasMessageContaining("READ COMMITTED");
		assertThat(this.reader.changes(event, 0, 10).changes()).isEmpty();
	}

	@Test
	void aFollowerSeesEveryChangeOnceInOrderWhileWritersCommitConcurrently() throws Exception {
		String event = TestData.unique("evt");
		List<String> attendees = TestData.attendees(this.jdbc, event, 80);
		// a random delay between taking a streamSeq and committing: the window in which
		// plain sequence values become visible out of order
		String trigger = "delay_" + event.replace('-', '_');
		this.jdbc.execute("CREATE FUNCTION reconciler." + trigger + "() RETURNS trigger AS $$ BEGIN "
				+ "IF NEW.event_id = '" + event + "' THEN PERFORM pg_sleep(random() * 0.03); END IF; RETURN NEW; "
				+ "END $$ LANGUAGE plpgsql");
		this.jdbc.execute("CREATE TRIGGER " + trigger + " AFTER INSERT ON reconciler.change_log FOR EACH ROW "
				+ "EXECUTE FUNCTION reconciler." + trigger + "()");
		try {
			StreamReader.Snapshot start = this.reader.snapshot(event);
			Map<String, AttendeeState> cache = new HashMap<>();
			start.attendees().forEach((a) -> cache.put(a.attendeeId(), a));
			List<Long> seen = new ArrayList<>();
			AtomicBoolean writing = new AtomicBoolean(true);
			try (ExecutorService pool = Executors.newFixedThreadPool(5)) {
				Future<?> follower = pool.submit(() -> follow(event, start.streamSeq(), cache, seen, writing));
				List<Future<?>> writers = new ArrayList<>();
				for (int w = 0; w < 4; w++) {
					List<String> mine = attendees.subList(w * 20, (w + 1) * 20);
					writers.add(pool.submit(() -> write(event, mine)));
				}
				for (Future<?> writer : writers) {
					writer.get();
				}
				writing.set(false);
				follower.get();
			}
			List<Long> all = this.jdbc.queryForList(
					"SELECT stream_seq FROM reconciler.change_log WHERE event_id = ? AND stream_seq > ? ORDER BY 1",
					Long.class, event, start.streamSeq());
			assertThat(seen).isSortedAccordingTo(Long::compare).doesNotHaveDuplicates().isEqualTo(all);
			Map<String, AttendeeState> fresh = new HashMap<>();
			this.reader.snapshot(event).attendees().forEach((a) -> fresh.put(a.attendeeId(), a));
			assertThat(cache).isEqualTo(fresh);
			assertThat(fresh.values()).allMatch(AttendeeState::checkedIn);
		}
		finally {
			this.jdbc.execute("DROP TRIGGER " + trigger + " ON reconciler.change_log");
		}
	}

	private void ageChanges(String event) {
		this.jdbc.update(
				"UPDATE reconciler.change_log SET committed_at = now() - interval '30 days' WHERE event_id = ?", event);
	}

	private void write(String event, List<String> attendees) {
		String kiosk = TestData.kiosk();
		// two rounds: first check-ins, then winning updates with new overrides
		for (int round = 0; round < 2; round++) {
			for (int from = 0; from < attendees.size(); from += 4) {
				List<ReconcileEntry> batch = new ArrayList<>();
				for (int i = from; i < from + 4; i++) {
					batch.add(TestData.entry(kiosk, round * 100L + i + 1, attendees.get(i))
						.displayName("Name r" + round)
						.build());
				}
				this.reconciler.reconcile(TestData.request(kiosk, event, batch));
			}
		}
	}

	private Void follow(String event, long from, Map<String, AttendeeState> cache, List<Long> seen,
			AtomicBoolean writing) throws InterruptedException {
		long last = from;
		boolean drained = false;
		while (!drained) {
			boolean writersDone = !writing.get();
			StreamReader.Changes page = this.reader.changes(event, last, 7);
			for (Change change : page.changes()) {
				// invariant 10: apply only what is newer than the last applied change
				if (change.streamSeq() > last) {
					cache.put(change.attendee().attendeeId(), change.attendee());
					seen.add(change.streamSeq());
					last = change.streamSeq();
				}
			}
			drained = writersDone && page.changes().isEmpty();
		}
		return null;
	}

}
