package io.eventops.reconciler.checkin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import io.eventops.model.ordering.OrderingKey;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.TestData;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariants 1, 4 and 7 as a property: for random entries from several kiosks, any
 * permutation with random duplication, in random batches, converges to the state a single
 * ordered delivery gives, with one badge job per checked-in attendee.
 */
class ConvergenceProperties {

	private static ReconcilerHarness harness;

	@BeforeContainer
	static void start() {
		harness = ReconcilerHarness.start();
	}

	@AfterContainer
	static void stop() {
		harness.close();
	}

	@Property(tries = 40)
	void anyPermutationWithDuplicationConvergesToTheSameState(@ForAll @IntRange(min = 1, max = 6) int attendeeCount,
			@ForAll @IntRange(min = 1, max = 4) int kioskCount, @ForAll @IntRange(min = 1, max = 25) int entryCount,
			@ForAll @LongRange long seed) {
		Random random = new Random(seed);
		String prefix = TestData.unique("p");
		String orderedEvent = prefix + "-ordered";
		String shuffledEvent = prefix + "-shuffled";
		List<String> orderedAttendees = TestData.attendees(harness.jdbc, orderedEvent, attendeeCount);
		List<String> shuffledAttendees = TestData.attendees(harness.jdbc, shuffledEvent, attendeeCount);
		// each delivery has its own kiosk ids (keys are global), ordered alike by their
		// common prefix
		List<String> orderedKiosks = new ArrayList<>();
		List<String> shuffledKiosks = new ArrayList<>();
		for (int k = 0; k < kioskCount; k++) {
			orderedKiosks.add(prefix + "-a-k" + k);
			shuffledKiosks.add(prefix + "-b-k" + k);
		}
		// each entry: kiosk index, seq, attendee index
		List<int[]> script = new ArrayList<>();
		Map<Integer, Integer> nextSeq = new HashMap<>();
		for (int i = 0; i < entryCount; i++) {
			int kiosk = random.nextInt(kioskCount);
			int seq = nextSeq.merge(kiosk, 1 + random.nextInt(3), Integer::sum);
			script.add(new int[] { kiosk, seq, random.nextInt(attendeeCount) });
		}
		BatchReconciler reconciler = harness.reconciler();

		deliver(reconciler, orderedEvent, orderedKiosks, orderedAttendees, script, random, false);
		List<int[]> shuffled = new ArrayList<>();
		for (int[] entry : script) {
			for (int copies = 1 + random.nextInt(3); copies > 0; copies--) {
				shuffled.add(entry);
			}
		}
		Collections.shuffle(shuffled, random);
		if (random.nextBoolean()) {
			harness.flushRedis();
		}
		deliver(reconciler, shuffledEvent, shuffledKiosks, shuffledAttendees, shuffled, random, true);

		Map<Integer, OrderingKey> expected = new TreeMap<>();
		for (int[] entry : script) {
			OrderingKey key = OrderingKey.kiosk(orderedKiosks.get(entry[0]), entry[1]);
			expected.merge(entry[2], key, (a, b) -> b.outranks(a) ? b : a);
		}
		assertThat(state(orderedEvent, orderedAttendees)).isEqualTo(state(shuffledEvent, shuffledAttendees))
			.isEqualTo(expectedState(expected));
		for (String event : List.of(orderedEvent, shuffledEvent)) {
			assertThat(harness.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = ?",
					Integer.class, event))
				.isEqualTo(expected.size());
		}
	}

	private static void deliver(BatchReconciler reconciler, String event, List<String> kiosks, List<String> attendees,
			List<int[]> entries, Random random, boolean randomBatches) {
		// a batch is one kiosk's entries; the shuffled delivery cuts them into batches of
		// random size
		Map<Integer, List<int[]>> byKiosk = new LinkedHashMap<>();
		entries.forEach((entry) -> byKiosk.computeIfAbsent(entry[0], (k) -> new ArrayList<>()).add(entry));
		List<List<int[]>> batches = new ArrayList<>();
		byKiosk.values().forEach((list) -> {
			int from = 0;
			while (from < list.size()) {
				int size = randomBatches ? 1 + random.nextInt(list.size() - from) : list.size();
				batches.add(list.subList(from, from + size));
				from += size;
			}
		});
		if (randomBatches) {
			Collections.shuffle(batches, random);
		}
		for (List<int[]> batch : batches) {
			String kiosk = kiosks.get(batch.get(0)[0]);
			List<ReconcileEntry> built = batch.stream()
				.map((entry) -> TestData.entry(kiosk, entry[1], attendees.get(entry[2])).build())
				.toList();
			reconciler.reconcile(TestData.request(kiosk, event, built));
		}
	}

	private static Map<Integer, String> state(String event, List<String> attendees) {
		Map<Integer, String> state = new TreeMap<>();
		harness.jdbc.query("SELECT attendee_id, source_id, seq FROM reconciler.check_ins WHERE event_id = ?", (rs) -> {
			String source = rs.getString(2);
			state.put(attendees.indexOf(rs.getString(1)),
					source.substring(source.lastIndexOf('-')) + ":" + rs.getLong(3));
		}, event);
		return state;
	}

	private static Map<Integer, String> expectedState(Map<Integer, OrderingKey> expected) {
		Map<Integer, String> state = new TreeMap<>();
		expected.forEach((attendee, key) -> state.put(attendee,
				key.sourceId().substring(key.sourceId().lastIndexOf('-')) + ":" + key.seq()));
		return state;
	}

}
