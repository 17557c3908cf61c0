package io.eventops.reconciler.checkin;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.TestData;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A repeatable throughput benchmark of the batch path (Redis claims + one PostgreSQL
 * transaction per 500-entry batch), one thread against four. Not part of the test suite
 * (surefire runs {@code *Tests}); run it with
 * {@code ./mvnw -pl reconciler-service -am test -Dtest=BatchThroughputBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class BatchThroughputBenchmark {

	private static final int BATCH = 500;

	@Test
	void measureEntriesPerSecond() throws Exception {
		try (ReconcilerHarness harness = ReconcilerHarness.start()) {
			BatchReconciler reconciler = harness.reconciler();
			run(harness, reconciler, 1, 4); // warm-up: JIT, connection pool, plan cache
			double one = run(harness, reconciler, 1, 40);
			double four = run(harness, reconciler, 4, 10);
			System.out.printf("%nbatch path, %d-entry batches: 1 thread %.0f entries/s, 4 threads %.0f entries/s "
					+ "(ratio %.2f)%n%n", BATCH, one, four, four / one);
		}
	}

	private static double run(ReconcilerHarness harness, BatchReconciler reconciler, int threads, int batchesPerThread)
			throws Exception {
		String event = TestData.unique("bench");
		List<String> attendees = TestData.attendees(harness.jdbc, event, threads * batchesPerThread * BATCH);
		List<List<ReconcileEntry>> perThread = new ArrayList<>();
		List<String> kiosks = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			String kiosk = TestData.kiosk();
			kiosks.add(kiosk);
			List<ReconcileEntry> entries = new ArrayList<>();
			for (int i = 0; i < batchesPerThread * BATCH; i++) {
				entries.add(TestData.entry(kiosk, i + 1, attendees.get(t * batchesPerThread * BATCH + i)).build());
			}
			perThread.add(entries);
		}
		long started = System.nanoTime();
		try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
			List<Future<Integer>> done = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				int thread = t;
				done.add(pool.submit(() -> {
					int applied = 0;
					List<ReconcileEntry> entries = perThread.get(thread);
					for (int from = 0; from < entries.size(); from += BATCH) {
						for (EntryResult result : reconciler
							.reconcile(TestData.request(kiosks.get(thread), event, entries.subList(from, from + BATCH)))
							.results()) {
							applied += (result.outcome() == Outcome.APPLIED) ? 1 : 0;
						}
					}
					return applied;
				}));
			}
			int applied = 0;
			for (Future<Integer> future : done) {
				applied += future.get();
			}
			assertThat(applied).isEqualTo(threads * batchesPerThread * BATCH);
		}
		double seconds = (System.nanoTime() - started) / 1e9;
		return threads * batchesPerThread * BATCH / seconds;
	}

}
