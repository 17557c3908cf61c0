package io.eventops.edge.flush;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.forward.ReconcilerClient;
import org.awaitility.Awaitility;

/**
 * The setup of the poison-isolation tests (invariant 11): one kiosk retries a poison
 * batch in a tight loop from several threads, at least a few rounds and then until the
 * other kiosks' work is done; the others start only once the poison kiosk was answered a
 * few times past its rate and share, when a breaker that counted its batches would be
 * open. Every answer's status and the edge's breaker state after every flush are
 * recorded.
 */
final class PoisonRetryLoop implements AutoCloseable {

	private static final int THREADS = 4;

	private static final int MIN_ROUNDS = 10;

	private static final int ANSWERS_BEFORE_OTHERS = 6;

	private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();

	private final AtomicBoolean othersDone = new AtomicBoolean();

	private final Map<Integer, AtomicInteger> poisonStatuses = new ConcurrentHashMap<>();

	private final List<String> breakerStates = Collections.synchronizedList(new ArrayList<>());

	private final List<Future<?>> loops = new ArrayList<>();

	private final ReconcilerClient reconciler;

	private PoisonRetryLoop(ReconcilerClient reconciler) {
		this.reconciler = reconciler;
	}

	/**
	 * Starts the poison kiosk's retry loops and waits until it was answered past its rate
	 * and share.
	 * @param edge the edge
	 * @param reconciler the edge's reconciler client, whose breaker is recorded
	 * @param kiosk the poison kiosk
	 * @param token its token
	 * @param batch the batch it retries
	 * @return the running loop, to close when done
	 */
	static PoisonRetryLoop start(EdgeClient edge, ReconcilerClient reconciler, String kiosk, String token,
			String batch) {
		PoisonRetryLoop loop = new PoisonRetryLoop(reconciler);
		for (int t = 0; t < THREADS; t++) {
			loop.loops.add(loop.pool.submit(() -> {
				for (int round = 0; round < MIN_ROUNDS || !loop.othersDone.get(); round++) {
					EdgeClient.Response response = edge.flush(kiosk, token, batch);
					loop.poisonStatuses.computeIfAbsent(response.status(), (status) -> new AtomicInteger())
						.incrementAndGet();
					loop.recordBreaker();
				}
				return null;
			}));
		}
		try {
			Awaitility.await()
				.atMost(Duration.ofSeconds(60))
				.until(() -> loop.poisonStatuses.entrySet()
					.stream()
					.filter((status) -> status.getKey() != 429)
					.mapToInt((status) -> status.getValue().get())
					.sum() >= ANSWERS_BEFORE_OTHERS);
		}
		catch (RuntimeException ex) {
			// the caller gets no loop to close: stop it here
			loop.close();
			throw ex;
		}
		return loop;
	}

	/**
	 * Runs the other kiosks' work beside the loop, then stops the loop.
	 * @param <T> what each kiosk's work returns
	 * @param others each other kiosk's work
	 * @return what each returned, in order
	 * @throws Exception when a kiosk's work or a loop failed
	 */
	<T> List<T> alongside(List<Callable<T>> others) throws Exception {
		List<Future<T>> running = new ArrayList<>();
		for (Callable<T> other : others) {
			running.add(this.pool.submit(other));
		}
		List<T> results = new ArrayList<>();
		for (Future<T> other : running) {
			results.add(other.get());
		}
		this.othersDone.set(true);
		for (Future<?> loop : this.loops) {
			loop.get();
		}
		return results;
	}

	/** Records the edge's breaker state now. */
	void recordBreaker() {
		this.breakerStates.add(this.reconciler.breakerState().name());
	}

	/**
	 * The poison kiosk's answers.
	 * @return how many of each status
	 */
	Map<Integer, AtomicInteger> poisonStatuses() {
		return this.poisonStatuses;
	}

	/**
	 * The breaker states seen after every flush.
	 * @return the states
	 */
	List<String> breakerStates() {
		return this.breakerStates;
	}

	@Override
	public void close() {
		this.othersDone.set(true);
		this.pool.shutdown();
	}

}
