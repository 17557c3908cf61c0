package io.eventops.agent.backoff;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The real waiter: a timed wait on a condition; a wake-up that arrives while no one waits
 * is kept for the next wait, so a check-in committed during an attempt is never missed.
 */
public final class SignalWaiter implements Waiter {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition signalled = this.lock.newCondition();

	private boolean pending;

	@Override
	public boolean await(Duration delay) throws InterruptedException {
		this.lock.lock();
		try {
			long remaining = delay.toNanos();
			while (!this.pending && remaining > 0) {
				remaining = this.signalled.awaitNanos(remaining);
			}
			boolean woken = this.pending;
			this.pending = false;
			return woken;
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void wake() {
		this.lock.lock();
		try {
			this.pending = true;
			this.signalled.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

}
