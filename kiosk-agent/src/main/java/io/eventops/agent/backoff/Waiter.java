package io.eventops.agent.backoff;

import java.time.Duration;

/**
 * How the flush loop waits between attempts; injectable, so that tests observe the
 * schedule instead of sleeping through it.
 */
public interface Waiter {

	/**
	 * Waits up to {@code delay}, or less when {@link #wake()} is called.
	 * @param delay the longest wait
	 * @return {@code true} when woken early (a new check-in, a flush request)
	 * @throws InterruptedException when the thread is interrupted
	 */
	boolean await(Duration delay) throws InterruptedException;

	/** Ends the current wait, or the next one if none is in progress. */
	void wake();

}
