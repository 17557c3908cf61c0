package io.eventops.edge.flush;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.eventops.edge.web.EdgeException;

/**
 * The live lane before the reconciler call (issue #24): how many large flushes (an outage
 * backlog) this replica checks at once. At a reconnect herd every kiosk's 500-entry batch
 * arrives at the same moment, and parsing, validating and encoding a hundred of them at
 * once makes a hundred runnable threads on two cores, among which a live kiosk's
 * one-entry check-in gets a hundredth of the CPU. A large body waits here (parked, not
 * runnable) for one of {@code backlog-check-concurrency} permits; a body of at most
 * {@code live-max-body-bytes} never does. Checking is CPU work, so a few at a time keep
 * the cores as busy as many. A body is read whole before it asks for a permit (issue
 * #42): a client that trickles its body in must not hold a permit while it does. Per
 * replica, as the reconciler bulkheads: what it shares out is this replica's CPU.
 */
final class CheckLanes {

	private static final Permit NONE = () -> {
	};

	private final Semaphore backlog;

	private final int permits;

	private final long liveMaxBodyBytes;

	private final Duration maxWait;

	private final Duration retryAfter;

	CheckLanes(FlushProperties properties, Duration maxWait, Duration retryAfter) {
		this.permits = properties.backlogCheckConcurrency();
		this.backlog = (this.permits > 0) ? new Semaphore(properties.backlogCheckConcurrency(), true) : null;
		this.liveMaxBodyBytes = properties.liveMaxBodyBytes();
		this.maxWait = maxWait;
		this.retryAfter = retryAfter;
	}

	/**
	 * Enters the checking of one flush body.
	 * @param contentLength the body's length, or {@code -1} when unknown (counted as
	 * large)
	 * @return the permit, to close once the body is checked
	 * @throws EdgeException 503 with {@code Retry-After} when a large body waited
	 * {@code max-queue-wait} in vain (nothing checked, nothing acknowledged)
	 */
	Permit enter(long contentLength) {
		if (this.backlog == null || (contentLength >= 0 && contentLength <= this.liveMaxBodyBytes)) {
			return NONE;
		}
		try {
			if (!this.backlog.tryAcquire(this.maxWait.toNanos(), TimeUnit.NANOSECONDS)) {
				throw EdgeException.unavailable(this.retryAfter);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw EdgeException.unavailable(this.retryAfter);
		}
		return this.backlog::release;
	}

	/**
	 * Large bodies being checked right now.
	 * @return how many
	 */
	int checking() {
		return (this.backlog != null) ? this.permits - this.backlog.availablePermits() : 0;
	}

	/** A permit, closed once the body is checked. */
	interface Permit extends AutoCloseable {

		@Override
		void close();

	}

}
