package io.eventops.reconciler.checkin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.TestData;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The batch path as a reconnect herd meets it: 200 kiosks with one 250-entry batch each
 * over 30 000 attendees, 150 of a kiosk's entries for attendees of its own and 100 for
 * attendees drawn from the whole registry, so that concurrent batches wait for each
 * other's check-in rows until commit; eight batches at once, as the edge forwards them.
 * Reports that rate against one batch at a time on the same kind of data in the same
 * process, each the median of five runs. Not part of the test suite (surefire runs
 * {@code *Tests}); run it with
 * {@code ./mvnw -pl reconciler-service -am test -Dtest=ContendedBatchBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class ContendedBatchBenchmark {

	private static final int KIOSKS = 200;

	private static final int ENTRIES = 250;

	private static final int ATTENDEES = 30_000;

	private static final int OWN = ATTENDEES / KIOSKS;

	@Test
	void measureEntriesPerSecond() throws Exception {
		try (ReconcilerHarness harness = ReconcilerHarness.start()) {
			BatchReconciler reconciler = harness.reconciler();
			run(harness, reconciler, 8, 1); // warm-up: JIT, connection pool, plan cache
			run(harness, reconciler, 1, 2);
			double[] one = new double[5];
			double[] eight = new double[5];
			for (int i = 0; i < 5; i++) {
				one[i] = run(harness, reconciler, 1, 10 + i);
				eight[i] = run(harness, reconciler, 8, 20 + i);
			}
			Arrays.sort(one);
			Arrays.sort(eight);
			System.out.printf(
					"%ncontended batch path, %d kiosks x %d entries over %d attendees: 1 at a time %.0f "
							+ "entries/s, 8 at once %.0f entries/s (medians of 5; ratio %.2f)%n%n",
					KIOSKS, ENTRIES, ATTENDEES, one[2], eight[2], eight[2] / one[2]);
		}
	}

	private static double run(ReconcilerHarness harness, BatchReconciler reconciler, int threads, long seed)
			throws Exception {
		String event = TestData.unique("herd");
		List<String> attendees = TestData.attendees(harness.jdbc, event, ATTENDEES);
		SplittableRandom random = new SplittableRandom(seed);
		List<String> kiosks = new ArrayList<>();
		List<List<ReconcileEntry>> batches = new ArrayList<>();
		for (int k = 0; k < KIOSKS; k++) {
			String kiosk = TestData.kiosk();
			List<ReconcileEntry> batch = new ArrayList<>();
			for (int i = 0; i < ENTRIES; i++) {
				String attendee = (i < OWN) ? attendees.get(k * OWN + i) : attendees.get(random.nextInt(ATTENDEES));
				batch.add(TestData.entry(kiosk, i + 1, attendee).build());
			}
			kiosks.add(kiosk);
			batches.add(batch);
		}
		long started = System.nanoTime();
		try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
			List<Future<Integer>> done = new ArrayList<>();
			for (int k = 0; k < KIOSKS; k++) {
				int kiosk = k;
				done.add(pool.submit(() -> {
					List<EntryResult> results = reconciler
						.reconcile(TestData.request(kiosks.get(kiosk), event, batches.get(kiosk)))
						.results();
					return results.size();
				}));
			}
			int answered = 0;
			for (Future<Integer> future : done) {
				answered += future.get();
			}
			assertThat(answered).isEqualTo(KIOSKS * ENTRIES);
		}
		double seconds = (System.nanoTime() - started) / 1e9;
		assertThat(harness.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE event_id = ?",
				Integer.class, event))
			.isEqualTo(ATTENDEES);
		return KIOSKS * ENTRIES / seconds;
	}

}
