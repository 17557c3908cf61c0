package io.eventops.orchestrator.relay;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.eventops.orchestrator.config.PrintProperties;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Drives the relay: LISTENs on {@code eventops_badge_jobs} on a dedicated connection for
 * low latency, and polls every relay interval as the safety net for lost notifications.
 */
@Component
class RelayLoop implements SmartLifecycle {

	static final String CHANNEL = "eventops_badge_jobs";

	private static final Duration REFILL_INTERVAL = Duration.ofMillis(100);

	private static final Logger logger = LoggerFactory.getLogger(RelayLoop.class);

	private final OutboxRelay relay;

	private final DataSource dataSource;

	private final Duration interval;

	private final Semaphore wakeUp = new Semaphore(0);

	private volatile boolean running;

	private Thread worker;

	private Thread listener;

	RelayLoop(OutboxRelay relay, DataSource dataSource, PrintProperties properties) {
		this.relay = relay;
		this.dataSource = dataSource;
		this.interval = properties.relayInterval();
	}

	@Override
	public void start() {
		this.running = true;
		this.worker = Thread.ofVirtual().name("relay").start(this::work);
		this.listener = Thread.ofVirtual().name("relay-listen").start(this::listen);
	}

	@Override
	public void stop() {
		this.running = false;
		this.worker.interrupt();
		this.listener.interrupt();
		join(this.worker);
		join(this.listener);
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return Integer.MAX_VALUE - 10;
	}

	private void work() {
		while (this.running) {
			Duration wait = this.interval;
			try {
				if (this.relay.relayOnce().printersFull()) {
					// a backlog waits for room on the printers' queues: top them up as
					// they print instead of leaving them idle until the next poll
					wait = (this.interval.compareTo(REFILL_INTERVAL) < 0) ? this.interval : REFILL_INTERVAL;
				}
			}
			catch (RuntimeException ex) {
				if (!this.running) {
					return;
				}
				logger.warn("Relay pass failed: {}", ex.getMessage());
			}
			try {
				if (this.wakeUp.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS)) {
					this.wakeUp.drainPermits();
				}
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	private void listen() {
		while (this.running) {
			try (Connection connection = this.dataSource.getConnection()) {
				try (Statement statement = connection.createStatement()) {
					statement.execute("LISTEN " + CHANNEL);
				}
				connection.setAutoCommit(true);
				PGConnection pg = connection.unwrap(PGConnection.class);
				while (this.running) {
					PGNotification[] notifications = pg.getNotifications((int) this.interval.toMillis());
					if (notifications != null && notifications.length > 0) {
						this.wakeUp.release();
					}
				}
			}
			catch (SQLException | RuntimeException ex) {
				if (!this.running) {
					return;
				}
				// polling carries on meanwhile; try LISTEN again after a pause
				logger.debug("LISTEN {} failed: {}", CHANNEL, ex.getMessage());
				try {
					TimeUnit.NANOSECONDS.sleep(this.interval.toNanos());
				}
				catch (InterruptedException interrupted) {
					return;
				}
			}
		}
	}

	private static void join(Thread thread) {
		try {
			thread.join(Duration.ofSeconds(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
