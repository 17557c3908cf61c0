package io.eventops.reconciler.stream;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The readers' wakes leave the writer's transaction (#39): a wake is sent only once its
 * change committed, so the reader it wakes finds the change (invariant 10), never for a
 * rollback, and the writer's own commit no longer takes PostgreSQL's notify lock.
 */
@ReconcilerTest
class CommitWakesTests {

	@Autowired
	private ChangeLog changeLog;

	@Autowired
	private CommitWakes wakes;

	@Autowired
	private StreamReader reader;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private TransactionTemplate transactions;

	// a wake sent before the commit (from inside the transaction, or on another
	// connection while it is open) would reach the reader while the change is invisible:
	// the reader, woken, would read nothing and wait for its next poll
	@Test
	void aWakeComesOnlyAfterTheCommitAndTheWokenReaderFindsTheChange() throws Exception {
		String event = TestData.unique("evt");
		String attendee = TestData.attendees(this.jdbc, event, 1).get(0);
		try (Connection listener = listen(ChangeLog.CHANNEL)) {
			PGConnection notifications = listener.unwrap(PGConnection.class);
			List<String> beforeCommit = new ArrayList<>();
			this.transactions.executeWithoutResult((status) -> {
				this.changeLog.append(event, Map.of(attendee, ChangeKind.UPDATED));
				// the writer holds its transaction open: no wake may have come yet
				beforeCommit.addAll(payloads(notifications, ChangeLog.CHANNEL, 300));
				// nor while it commits, once every synchronization before the commit ran
				TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
					@Override
					public void beforeCommit(boolean readOnly) {
						beforeCommit.addAll(payloads(notifications, ChangeLog.CHANNEL, 500));
					}
				});
			});
			assertThat(beforeCommit).isEmpty();
			List<String> received = awaitPayload(notifications, ChangeLog.CHANNEL, event);
			// woken, the reader reads the change at once
			assertThat(this.reader.changes(event, 0, 10).changes()).hasSize(1);
			assertThat(received).containsExactly(event);
		}
	}

	@Test
	void aRolledBackTransactionWakesNoOne() throws Exception {
		String event = TestData.unique("evt");
		List<String> attendees = TestData.attendees(this.jdbc, event, 1);
		try (Connection listener = listen(ChangeLog.CHANNEL)) {
			PGConnection notifications = listener.unwrap(PGConnection.class);
			this.transactions.executeWithoutResult((status) -> {
				this.changeLog.append(event, Map.of(attendees.get(0), ChangeKind.UPDATED));
				status.setRollbackOnly();
			});
			assertThat(payloads(notifications, ChangeLog.CHANNEL, 1000)).doesNotContain(event);
			assertThat(this.reader.changes(event, 0, 10).changes()).isEmpty();
		}
	}

	// the wakes of one transaction go out once each, after it
	@Test
	void aTransactionsRepeatedWakesGoOutOnce() throws Exception {
		String event = TestData.unique("evt");
		List<String> attendees = TestData.attendees(this.jdbc, event, 2);
		try (Connection listener = listen(ChangeLog.CHANNEL)) {
			PGConnection notifications = listener.unwrap(PGConnection.class);
			this.transactions.executeWithoutResult((status) -> {
				this.changeLog.append(event, Map.of(attendees.get(0), ChangeKind.UPDATED));
				this.changeLog.append(event, Map.of(attendees.get(1), ChangeKind.UPDATED));
			});
			List<String> received = new ArrayList<>(awaitPayload(notifications, ChangeLog.CHANNEL, event));
			received.addAll(payloads(notifications, ChangeLog.CHANNEL, 500));
			assertThat(received).containsExactly(event);
			assertThat(this.reader.changes(event, 0, 10).changes()).hasSize(2);
		}
	}

	@Test
	void aWakeNeedsATransaction() {
		assertThatIllegalStateException().isThrownBy(() -> this.wakes.afterCommit(ChangeLog.CHANNEL, "evt"));
	}

	private Connection listen(String channel) throws Exception {
		Connection listener = this.dataSource.getConnection();
		listener.setAutoCommit(true);
		try (Statement statement = listener.createStatement()) {
			statement.execute("LISTEN " + channel);
		}
		return listener;
	}

	private static List<String> awaitPayload(PGConnection notifications, String channel, String payload) {
		List<String> received = new ArrayList<>();
		Awaitility.await().until(() -> {
			payloads(notifications, channel, 100).stream().filter(payload::equals).forEach(received::add);
			return !received.isEmpty();
		});
		return received;
	}

	private static List<String> payloads(PGConnection notifications, String channel, int millis) {
		PGNotification[] received;
		try {
			received = notifications.getNotifications(millis);
		}
		catch (java.sql.SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return (received == null) ? List.of()
				: Arrays.stream(received)
					.filter((notification) -> notification.getName().equals(channel))
					.map(PGNotification::getParameter)
					.toList();
	}

}
