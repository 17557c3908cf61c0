package io.eventops.web.admission;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.AIMDLimit;
import com.netflix.concurrency.limits.limit.FixedLimit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * One lane of backlog work at one hop: admits at most its current limit at once and parks
 * the rest, up to a wait they bring, until a permit is released (issue #39).
 * <p>
 * The limit is Netflix concurrency-limits' {@link AIMDLimit} behind a
 * {@link SimpleLimiter}, one limiter per lane (its partitioned limiter admits over the
 * limit). AIMD, not Gradient2: these limits are small integers (1 to the cores), and
 * Gradient2 adds its whole-number queue size to the limit on every sample, so it never
 * falls below twice that (2 at the smallest) and could not give a two-core box back one
 * core; AIMD moves by whole permits, down on work slower than the lane's latency target
 * or dropped, up by one on work within it while the lane is busy. Waiting is on a
 * {@link ReentrantLock}, not the library's {@code BlockingLimiter} ({@code Object.wait}),
 * which pins a virtual thread's carrier on Java 21, the runtime of the images. Per
 * replica by nature: what it shares out is this JVM's CPU.
 */
public final class AdmissionLane {

	private static final Permit NONE = new Permit(null, null);

	private final String name;

	private final SimpleLimiter<Void> limiter;

	private final ReentrantLock lock = new ReentrantLock(true);

	private final Condition released = this.lock.newCondition();

	private final AtomicInteger waiting = new AtomicInteger();

	// the waiters in the order they came (guarded by lock): only the first may take a
	// permit, and a newcomer does not pass them, so that no piece of work waits while
	// later ones are admitted (first come, first served, as the fair semaphore and the
	// bulkhead before: invariant 11)
	private final ArrayDeque<Object> queue = new ArrayDeque<>();

	private final Counter rejected;

	/**
	 * Creates a lane and registers its gauges.
	 * @param name the lane, the {@code lane} tag of its meters
	 * @param properties its limit
	 * @param registry where its meters go
	 */
	public AdmissionLane(String name, AdmissionLimitProperties properties, MeterRegistry registry) {
		this(name, properties, registry, System::nanoTime);
	}

	/**
	 * Creates a lane on a clock of its own (tests drive the latency it sees).
	 * @param name the lane
	 * @param properties its limit
	 * @param registry where its meters go
	 * @param nanoClock the clock the work is timed on
	 */
	public AdmissionLane(String name, AdmissionLimitProperties properties, MeterRegistry registry,
			LongSupplier nanoClock) {
		this.name = name;
		this.limiter = properties.enabled()
				? SimpleLimiter.newBuilder().named(name).limit(limit(properties)).nanoClock(nanoClock).build() : null;
		Gauge.builder("eventops.admission.limit", this, AdmissionLane::limit)
			.description("The admission lane's current concurrency limit")
			.tag("lane", name)
			.strongReference(true)
			.register(registry);
		Gauge.builder("eventops.admission.in-flight", this, AdmissionLane::inFlight)
			.description("Work the admission lane admitted and that has not finished")
			.tag("lane", name)
			.strongReference(true)
			.register(registry);
		Gauge.builder("eventops.admission.waiting", this, AdmissionLane::waiting)
			.description("Work waiting for the admission lane")
			.tag("lane", name)
			.strongReference(true)
			.register(registry);
		this.rejected = Counter.builder("eventops.admission.rejected")
			.description("Work that waited for the admission lane in vain")
			.tag("lane", name)
			.register(registry);
	}

	private static Limit limit(AdmissionLimitProperties properties) {
		int max = properties.effectiveMaxLimit();
		if (!properties.adaptive()) {
			return FixedLimit.of(max);
		}
		int min = Math.min(properties.minLimit(), max);
		return AIMDLimit.newBuilder()
			.minLimit(min)
			.maxLimit(max)
			.initialLimit(Math.clamp(properties.initialLimit(), min, max))
			.backoffRatio(0.9)
			.timeout(properties.latencyTarget().toNanos(), TimeUnit.NANOSECONDS)
			.build();
	}

	/**
	 * Enters the lane, waiting for a permit at most {@code maxWait}.
	 * @param maxWait the longest wait
	 * @return the permit, or empty when none came in time (or the thread was
	 * interrupted): the caller does not do the work
	 */
	public Optional<Permit> enter(Duration maxWait) {
		if (this.limiter == null) {
			return Optional.of(NONE);
		}
		Optional<Limiter.Listener> listener = (this.waiting.get() == 0) ? this.limiter.acquire(null) : Optional.empty();
		if (listener.isPresent()) {
			return Optional.of(new Permit(this, listener.get()));
		}
		long deadline = System.nanoTime() + maxWait.toNanos();
		Object turn = new Object();
		this.lock.lock();
		this.waiting.incrementAndGet();
		this.queue.addLast(turn);
		try {
			while (true) {
				if (this.queue.peekFirst() == turn) {
					listener = this.limiter.acquire(null);
					if (listener.isPresent()) {
						return Optional.of(new Permit(this, listener.get()));
					}
				}
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0) {
					this.rejected.increment();
					return Optional.empty();
				}
				this.released.awaitNanos(remaining);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.rejected.increment();
			return Optional.empty();
		}
		finally {
			this.queue.remove(turn);
			this.waiting.decrementAndGet();
			// the next in line looks again (a limit over one may admit it too)
			this.released.signalAll();
			this.lock.unlock();
		}
	}

	private void release() {
		this.lock.lock();
		try {
			// all: a lowered limit admits none of them, a raised one more than one
			this.released.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The lane's name.
	 * @return the {@code lane} tag
	 */
	public String name() {
		return this.name;
	}

	/**
	 * The current limit.
	 * @return permits, {@link Integer#MAX_VALUE} when the lane is off
	 */
	public int limit() {
		return (this.limiter != null) ? this.limiter.getLimit() : Integer.MAX_VALUE;
	}

	/**
	 * Work admitted and not finished.
	 * @return how many permits are out
	 */
	public int inFlight() {
		return (this.limiter != null) ? this.limiter.getInflight() : 0;
	}

	/**
	 * Work waiting for a permit.
	 * @return how many wait
	 */
	public int waiting() {
		return this.waiting.get();
	}

	/**
	 * Admission of one piece of work: closing it counts the work as done, and its time as
	 * a sample of the lane's latency, unless it was marked dropped or ignored first.
	 */
	public static final class Permit implements AutoCloseable {

		private final AdmissionLane lane;

		private final Limiter.Listener listener;

		private boolean settled;

		private Permit(AdmissionLane lane, Limiter.Listener listener) {
			this.lane = lane;
			this.listener = listener;
		}

		/**
		 * The work was shed downstream or timed out: the limit drops, as on work slower
		 * than the target.
		 */
		public void dropped() {
			settle(Outcome.DROPPED);
		}

		/**
		 * The work failed for a reason of its own (a bad request): no sample.
		 */
		public void ignore() {
			settle(Outcome.IGNORED);
		}

		@Override
		public void close() {
			settle(Outcome.DONE);
		}

		private void settle(Outcome outcome) {
			if (this.settled || this.listener == null) {
				return;
			}
			this.settled = true;
			switch (outcome) {
				case DONE -> this.listener.onSuccess();
				case DROPPED -> this.listener.onDropped();
				case IGNORED -> this.listener.onIgnore();
			}
			this.lane.release();
		}

		private enum Outcome {

			DONE, DROPPED, IGNORED

		}

	}

}
