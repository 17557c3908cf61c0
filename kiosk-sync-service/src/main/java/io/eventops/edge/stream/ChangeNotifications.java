package io.eventops.edge.stream;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The one PostgreSQL connection per edge replica that LISTENs for the reconciler's change
 * notifications ({@value #CHANNEL}, payload: the event id, sent at commit) and wakes the
 * requests waiting for that event. A notification can be lost (the connection drops, the
 * replica starts after the commit): every wait is bounded by the safety poll, so a lost
 * one only delays a change, never loses it (invariant 10).
 */
@Component
public class ChangeNotifications implements SmartLifecycle {

	/** The reconciler's channel, {@code reconciler.stream.ChangeLog.CHANNEL}. */
	public static final String CHANNEL = "eventops_changes";

	private static final Logger logger = LoggerFactory.getLogger(ChangeNotifications.class);

	// how long one LISTEN read blocks: bounds how late the listener sees a stop
	private static final Duration LISTEN_READ = Duration.ofSeconds(1);

	private final ConcurrentHashMap<String, Set<ChangeWait>> waiting = new ConcurrentHashMap<>();

	private final DataSource dataSource;

	private final Duration safetyPoll;

	private final Counter notifyWakeUps;

	private final Counter pollWakeUps;

	private volatile boolean running;

	private volatile boolean listening;

	private Thread listener;

	ChangeNotifications(DataSource dataSource, StreamProperties properties, MeterRegistry registry) {
		this.dataSource = dataSource;
		this.safetyPoll = properties.safetyPoll();
		this.notifyWakeUps = wakeUps(registry, "notify");
		this.pollWakeUps = wakeUps(registry, "poll");
		Gauge.builder("eventops.edge.stream.listening", this, (notifications) -> notifications.listening ? 1 : 0)
			.description("1 while this replica's LISTEN connection for change notifications is up")
			.register(registry);
	}

	private static Counter wakeUps(MeterRegistry registry, String cause) {
		return Counter.builder("eventops.edge.stream.wakeups")
			.description("Waiting long polls and streams woken to ask the reconciler again: by a change "
					+ "notification, or by the safety poll or their deadline")
			.tag("cause", cause)
			.register(registry);
	}

	/**
	 * Starts waiting for the changes of an event. Register before asking the reconciler:
	 * a change that commits in between is then not missed.
	 * @param eventId the event
	 * @return the wait, to close when the request ends
	 */
	public ChangeWait register(String eventId) {
		ChangeWait wait = new ChangeWait(this, eventId);
		this.waiting.computeIfAbsent(eventId, (id) -> ConcurrentHashMap.newKeySet()).add(wait);
		return wait;
	}

	void unregister(ChangeWait wait) {
		this.waiting.computeIfPresent(wait.eventId(), (id, waits) -> {
			waits.remove(wait);
			return waits.isEmpty() ? null : waits;
		});
	}

	/**
	 * Whether waits should end now (the replica is shutting down).
	 * @return {@code true} once stopping began
	 */
	public boolean stopping() {
		return !this.running;
	}

	/**
	 * Whether the LISTEN connection is up (also the gauge
	 * {@code eventops.edge.stream.listening}).
	 * @return {@code true} while notifications are being received
	 */
	public boolean listening() {
		return this.listening;
	}

	/**
	 * How many requests wait for a change of an event right now.
	 * @param eventId the event
	 * @return the requests parked in {@link ChangeWait#awaitChange(long)}
	 */
	public int parked(String eventId) {
		Set<ChangeWait> waits = this.waiting.get(eventId);
		return (waits != null) ? (int) waits.stream().filter(ChangeWait::parked).count() : 0;
	}

	Duration safetyPoll() {
		return this.safetyPoll;
	}

	void counted(boolean notified) {
		(notified ? this.notifyWakeUps : this.pollWakeUps).increment();
	}

	private void wake(String eventId) {
		Set<ChangeWait> waits = this.waiting.get(eventId);
		if (waits != null) {
			waits.forEach(ChangeWait::signal);
		}
	}

	private void wakeAll() {
		this.waiting.values().forEach((waits) -> waits.forEach(ChangeWait::signal));
	}

	@Override
	public void start() {
		this.running = true;
		this.listener = Thread.ofVirtual().name("change-notifications").start(this::listen);
	}

	@Override
	public void stop() {
		this.running = false;
		// waiting long polls answer now instead of holding up the graceful shutdown
		wakeAll();
		this.listener.interrupt();
		try {
			this.listener.join(Duration.ofSeconds(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	private void listen() {
		while (this.running) {
			try (Connection connection = this.dataSource.getConnection()) {
				connection.setAutoCommit(true);
				try (Statement statement = connection.createStatement()) {
					statement.execute("LISTEN " + CHANNEL);
				}
				this.listening = true;
				// whatever committed while no one listened: every waiter asks again
				wakeAll();
				PGConnection pg = connection.unwrap(PGConnection.class);
				while (this.running) {
					PGNotification[] notifications = pg.getNotifications((int) LISTEN_READ.toMillis());
					if (notifications != null) {
						for (PGNotification notification : notifications) {
							wake(notification.getParameter());
						}
					}
				}
			}
			catch (SQLException | RuntimeException ex) {
				if (!this.running) {
					return;
				}
				// the safety poll carries the waits meanwhile; LISTEN again after a pause
				logger.warn("LISTEN {} failed, waiting requests fall back to the safety poll: {}", CHANNEL,
						ex.getMessage());
			}
			finally {
				this.listening = false;
			}
			try {
				TimeUnit.NANOSECONDS.sleep(this.safetyPoll.toNanos());
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

}
