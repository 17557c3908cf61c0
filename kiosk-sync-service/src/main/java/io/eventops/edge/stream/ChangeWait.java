package io.eventops.edge.stream;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One request's wait for the next change of its event: woken by a change notification, or
 * after the safety poll at the latest, whichever comes first.
 */
public final class ChangeWait implements AutoCloseable {

	private final ChangeNotifications notifications;

	private final String eventId;

	// at most one permit: any number of notifications before a wait is one wake-up
	private final Semaphore signal = new Semaphore(0);

	private volatile boolean parked;

	ChangeWait(ChangeNotifications notifications, String eventId) {
		this.notifications = notifications;
		this.eventId = eventId;
	}

	String eventId() {
		return this.eventId;
	}

	boolean parked() {
		return this.parked;
	}

	void signal() {
		if (this.signal.availablePermits() == 0) {
			this.signal.release();
		}
	}

	/**
	 * Waits until a change of the event may have committed, the safety poll elapsed or
	 * the deadline came.
	 * @param deadline the request's deadline, in {@link System#nanoTime()}
	 * @throws InterruptedException when the request's thread is interrupted
	 */
	public void awaitChange(long deadline) throws InterruptedException {
		long left = deadline - System.nanoTime();
		if (left <= 0 || this.notifications.stopping()) {
			return;
		}
		long poll = this.notifications.safetyPoll().toNanos();
		this.parked = true;
		boolean notified;
		try {
			notified = this.signal.tryAcquire(Math.min(left, poll), TimeUnit.NANOSECONDS);
		}
		finally {
			this.parked = false;
		}
		this.signal.drainPermits();
		// either way the caller asks the reconciler again
		this.notifications.counted(notified);
	}

	@Override
	public void close() {
		this.notifications.unregister(this);
	}

}
