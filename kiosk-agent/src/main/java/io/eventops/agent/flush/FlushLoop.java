package io.eventops.agent.flush;

import java.time.Duration;
import java.util.function.Consumer;

import io.eventops.agent.backoff.Backoff;
import io.eventops.agent.backoff.Waiter;
import io.eventops.agent.log.KioskLog;

/**
 * The agent's background thread: flushes, then waits (an idle interval once drained, a
 * backoff delay after a failure); a new check-in wakes it for an immediate attempt.
 * Acknowledged entries older than the retention are truncated after each drained round.
 */
public final class FlushLoop implements AutoCloseable {

	private final Flusher flusher;

	private final KioskLog log;

	private final Backoff backoff;

	private final Waiter waiter;

	private final Duration idleInterval;

	private final Duration retention;

	private final Consumer<FlushRound> listener;

	private volatile boolean running;

	private Thread thread;

	/**
	 * A loop (not started).
	 * @param flusher the flusher
	 * @param log its log (for truncation)
	 * @param backoff the retry schedule
	 * @param waiter how to wait between attempts
	 * @param idleInterval how long to wait when drained, unless woken
	 * @param retention how long acknowledged entries are kept
	 * @param listener told about every round
	 */
	public FlushLoop(Flusher flusher, KioskLog log, Backoff backoff, Waiter waiter, Duration idleInterval,
			Duration retention, Consumer<FlushRound> listener) {
		this.flusher = flusher;
		this.log = log;
		this.backoff = backoff;
		this.waiter = waiter;
		this.idleInterval = idleInterval;
		this.retention = retention;
		this.listener = listener;
	}

	/**
	 * Starts the loop on its own thread.
	 * @param name the thread's name
	 */
	public synchronized void start(String name) {
		if (this.thread != null) {
			return;
		}
		this.running = true;
		this.thread = Thread.ofPlatform().daemon().name(name).start(this::run);
	}

	/** Cuts the current wait short. */
	public void wake() {
		this.waiter.wake();
	}

	private void run() {
		int failures = 0;
		while (this.running) {
			FlushRound round;
			try {
				round = this.flusher.flushPending();
			}
			catch (RuntimeException ex) {
				round = new FlushRound(FlushRound.Result.RETRY, 0, 0, 0, -1, null, "flush failed: " + ex);
			}
			this.listener.accept(round);
			Duration wait;
			if (round.drained()) {
				failures = 0;
				truncate();
				wait = this.idleInterval;
			}
			else {
				wait = this.backoff.delay(failures++, round.retryAfter());
			}
			try {
				this.waiter.await(wait);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private void truncate() {
		try {
			this.log.truncate(this.retention);
		}
		catch (RuntimeException ex) {
			// truncation is housekeeping: a failure only keeps acknowledged entries
			// longer
			this.log.recordError("truncation failed: " + ex.getMessage());
		}
	}

	@Override
	public void close() {
		Thread running;
		synchronized (this) {
			this.running = false;
			running = this.thread;
			this.thread = null;
		}
		if (running != null) {
			this.waiter.wake();
			try {
				running.join(Duration.ofSeconds(30));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
