package io.eventops.reconciler.stream;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Wakes the readers of a channel (the edges' change streams, the print orchestrator's
 * relay) once the writer's transaction has committed, with a {@code NOTIFY} of its own
 * (#39). A {@code pg_notify} inside the writer's transaction made its commit take
 * PostgreSQL's cluster-wide notify lock ({@code PreCommit_Notify} in {@code async.c}, a
 * heavyweight lock on "database 0" held until the transaction ends, across the commit's
 * WAL flush), so every notifying commit waited for every other one's flush. Here one
 * sender per replica sends the wakes of every transaction that committed since its last
 * send in one statement of its own transaction, which commits asynchronously: a wake
 * needs no durability, and the lock is then held for no flush.
 * <p>
 * A wake is only ever sent after its transaction committed, so a woken reader sees the
 * change; none is sent for a rollback. A wake can be lost (the sender's connection fails,
 * the replica stops): every reader keeps its safety poll, so a lost wake delays a change,
 * never loses it (invariant 10; a badge job is still printed, invariant 7).
 */
@Component
public class CommitWakes implements SmartLifecycle {

	/** The print orchestrator's relay channel; the payload is the printer pool. */
	public static final String BADGE_JOBS = "eventops_badge_jobs";

	// synchronous_commit off for this transaction only (set_config's is_local): the
	// commit then waits for no WAL flush while it holds the notify lock
	private static final String NOTIFY = """
			SELECT set_config('synchronous_commit', 'off', true), pg_notify(t.channel, t.payload)
			FROM unnest(?::text[], ?::text[]) AS t(channel, payload)""";

	// how long the sender keeps its connection with nothing to send
	private static final Duration IDLE = Duration.ofSeconds(5);

	private static final Logger logger = LoggerFactory.getLogger(CommitWakes.class);

	private final Set<Wake> pending = ConcurrentHashMap.newKeySet();

	private final Semaphore signal = new Semaphore(0);

	private final DataSource dataSource;

	private volatile boolean running;

	private Thread sender;

	// guards the connection and a send: a lock, not synchronized, because the sender is a
	// virtual thread and on Java 21 (the images' runtime) blocking inside a monitor (the
	// pool's checkout, the NOTIFY's round trip) would hold one of the few carrier threads
	private final ReentrantLock sending = new ReentrantLock();

	private Connection connection; // guarded by sending

	/**
	 * Creates the sender; it sends from its own thread once started, before that on the
	 * committing thread.
	 * @param dataSource the database the readers LISTEN on
	 */
	public CommitWakes(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	/**
	 * Wakes the readers of a channel once the current transaction has committed; nothing
	 * if it rolls back. Repeats within a transaction, and across transactions that commit
	 * before the next send, are sent once.
	 * @param channel the channel
	 * @param payload the payload (the event id, the printer pool)
	 * @throws IllegalStateException outside a transaction
	 */
	public void afterCommit(String channel, String payload) {
		if (!TransactionSynchronizationManager.isActualTransactionActive()
				|| !TransactionSynchronizationManager.isSynchronizationActive()) {
			throw new IllegalStateException("A wake goes with a transaction: none is active");
		}
		Wake wake = new Wake(channel, payload);
		for (TransactionSynchronization synchronization : TransactionSynchronizationManager.getSynchronizations()) {
			if (synchronization instanceof OnCommit onCommit && onCommit.owner() == this) {
				onCommit.wakes().add(wake);
				return;
			}
		}
		OnCommit onCommit = new OnCommit(this, new LinkedHashSet<>());
		onCommit.wakes().add(wake);
		TransactionSynchronizationManager.registerSynchronization(onCommit);
	}

	private void committed(Set<Wake> wakes) {
		this.pending.addAll(wakes);
		if (this.running) {
			this.signal.release();
		}
		else {
			// before start or after stop: no sender, send on this thread
			sendPending();
			closeConnection();
		}
	}

	@Override
	public void start() {
		this.running = true;
		this.sender = Thread.ofVirtual().name("commit-wakes").start(this::send);
	}

	@Override
	public void stop() {
		this.running = false;
		this.sender.interrupt();
		try {
			this.sender.join(Duration.ofSeconds(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		// what committed until now still wakes its readers
		sendPending();
		closeConnection();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	// stops after the web server drained its requests, whose commits send wakes
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 4096;
	}

	private void send() {
		while (this.running) {
			try {
				if (!this.signal.tryAcquire(IDLE.toNanos(), TimeUnit.NANOSECONDS)) {
					closeConnection();
					continue;
				}
			}
			catch (InterruptedException ex) {
				return;
			}
			this.signal.drainPermits();
			sendPending();
		}
	}

	private void sendPending() {
		this.sending.lock();
		try {
			sendPendingLocked();
		}
		finally {
			this.sending.unlock();
		}
	}

	private void sendPendingLocked() {
		List<Wake> wakes = new ArrayList<>();
		for (Iterator<Wake> it = this.pending.iterator(); it.hasNext();) {
			wakes.add(it.next());
			it.remove();
		}
		if (wakes.isEmpty()) {
			return;
		}
		try {
			if (this.connection == null) {
				this.connection = this.dataSource.getConnection();
				this.connection.setAutoCommit(true);
			}
			try (PreparedStatement statement = this.connection.prepareStatement(NOTIFY)) {
				statement.setArray(1,
						this.connection.createArrayOf("text", wakes.stream().map(Wake::channel).toArray()));
				statement.setArray(2,
						this.connection.createArrayOf("text", wakes.stream().map(Wake::payload).toArray()));
				statement.execute();
			}
		}
		catch (SQLException | RuntimeException ex) {
			// the readers' safety polls find these changes
			logger.warn("{} wakes not sent, their readers find the changes at their next poll: {}", wakes.size(),
					ex.getMessage());
			closeConnectionLocked();
		}
	}

	private void closeConnection() {
		this.sending.lock();
		try {
			closeConnectionLocked();
		}
		finally {
			this.sending.unlock();
		}
	}

	private void closeConnectionLocked() {
		if (this.connection != null) {
			try {
				this.connection.close();
			}
			catch (SQLException ex) {
				logger.debug("Closing the wake connection failed: {}", ex.getMessage());
			}
			this.connection = null;
		}
	}

	private record Wake(String channel, String payload) {
	}

	// identity, not a record's equality: registered in a set, and its wakes grow after
	private static final class OnCommit implements TransactionSynchronization {

		private final CommitWakes owner;

		private final Set<Wake> wakes;

		OnCommit(CommitWakes owner, Set<Wake> wakes) {
			this.owner = owner;
			this.wakes = wakes;
		}

		CommitWakes owner() {
			return this.owner;
		}

		Set<Wake> wakes() {
			return this.wakes;
		}

		@Override
		public void afterCommit() {
			this.owner.committed(this.wakes);
		}

	}

}
