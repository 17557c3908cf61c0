package io.eventops.agent.screen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import io.eventops.agent.KioskAgent;
import io.eventops.agent.cache.CacheSync;
import io.eventops.agent.backoff.SignalWaiter;
import io.eventops.agent.backoff.Waiter;
import io.eventops.agent.flush.FlushRound;

/**
 * Keeps the attendee cache in step with the edge (snapshot, then long-polled changes) in
 * the background and tells the screen whether the edge answers: the last contact of the
 * cache loop or the flush loop decides. When the edge answers again after an outage it
 * wakes the flush loop, so the backlog leaves at once instead of after the backoff. It
 * backs off between failed rounds and between snapshots that follow one another (the
 * change log pruned past every snapshot it gets).
 */
final class EdgeLink implements AutoCloseable {

	static final Duration LONG_POLL = Duration.ofSeconds(20);

	private static final Duration MAX_PAUSE = Duration.ofSeconds(5);

	private static final Duration MAX_RESNAPSHOT_PAUSE = Duration.ofSeconds(30);

	private final KioskAgent agent;

	private final Clock clock;

	private final Thread thread;

	private volatile boolean online;

	private volatile Instant lastContact;

	private volatile String lastProblem;

	private volatile boolean running = true;

	private boolean synced;

	private final Waiter waiter;

	private final Duration longPoll;

	EdgeLink(KioskAgent agent, Clock clock, Duration longPoll) {
		this(agent, clock, new SignalWaiter(), longPoll);
	}

	EdgeLink(KioskAgent agent, Clock clock, Waiter waiter) {
		this(agent, clock, waiter, LONG_POLL);
	}

	EdgeLink(KioskAgent agent, Clock clock, Waiter waiter, Duration longPoll) {
		this.agent = agent;
		this.clock = clock;
		this.waiter = waiter;
		this.longPoll = longPoll;
		this.thread = Thread.ofPlatform().daemon().name("kiosk-screen-edge-link").unstarted(this::run);
	}

	void start() {
		this.thread.start();
	}

	boolean online() {
		return this.online;
	}

	Instant lastContact() {
		return this.lastContact;
	}

	String lastProblem() {
		return this.lastProblem;
	}

	/**
	 * Told about every round of the flush loop: a round that reached the edge proves it
	 * up, a connection error or timeout proves it down.
	 * @param round the round
	 */
	void noteRound(FlushRound round) {
		if (round.result() == FlushRound.Result.DRAINED || round.acknowledged() > 0) {
			contact();
		}
		else if (round.error() != null
				&& (round.error().startsWith("connection error") || round.error().startsWith("timeout"))) {
			lost(round.error());
		}
	}

	private void run() {
		int failures = 0;
		int resnapshots = 0;
		while (this.running) {
			try {
				if (!this.agent.status().sequenceKnown()) {
					this.agent.ensureSequence();
				}
				// the first round answers at once, so the screen knows soon after a start
				// whether the edge is there; later ones long-poll
				long position = this.agent.cache().streamSeq();
				boolean quick = failures > 0 || !this.synced || position < 0;
				CacheSync.Round round = this.agent.syncCache(quick ? Duration.ZERO : this.longPoll);
				this.synced = true;
				contact();
				failures = 0;
				if (round.snapshot() && position >= 0) {
					// the changes after our position were pruned (410); a snapshot still
					// below what the change log holds gets a 410 again at once, so each
					// further one waits longer instead of asking in a loop
					resnapshots++;
					pause(Duration
						.ofMillis(Math.min(MAX_RESNAPSHOT_PAUSE.toMillis(), 500L << Math.min(resnapshots, 6))));
				}
				else if (!round.snapshot()) {
					resnapshots = 0;
				}
			}
			catch (IOException | UncheckedIOException | IllegalStateException ex) {
				lost(ex.getMessage());
				failures++;
				pause(Duration.ofMillis(Math.min(MAX_PAUSE.toMillis(), 500L << Math.min(failures, 4))));
			}
		}
	}

	private void contact() {
		boolean wasOffline = !this.online;
		this.online = true;
		this.lastContact = this.clock.instant();
		this.lastProblem = null;
		if (wasOffline) {
			// back after an outage: deliver the backlog now, not after the flush backoff
			this.agent.wake();
		}
	}

	private void lost(String problem) {
		this.online = false;
		this.lastProblem = problem;
	}

	private void pause(Duration duration) {
		try {
			this.waiter.await(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.running = false;
		}
	}

	@Override
	public void close() {
		this.running = false;
		this.waiter.wake();
		this.thread.interrupt();
		try {
			this.thread.join(Duration.ofSeconds(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
