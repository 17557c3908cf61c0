package io.eventops.reconciler.checkin;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BiFunction;

import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 12 as a property against PostgreSQL and Redis: one small set of entries of an
 * event with a policy (two kiosks that admitted the same attendee offline, an exit, a
 * refusal, the badge desk), delivered in any permutation with duplication and in batches
 * of any size, leaves the same server verdicts and ADMITTED_AGAINST_RULES flags, one
 * check-in and one badge job, as one ordered delivery.
 */
class AccessControlConvergenceProperties {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	// kiosk index, seq, what it recorded
	private static final List<Scripted> SCRIPT = List.of(
			new Scripted(0, 1, (e, v) -> e.capturedAt(THU).admittedAt("hall", v)),
			new Scripted(1, 1, (e, v) -> e.capturedAt(THU.plusMinutes(5)).admittedAt("hall", v)),
			new Scripted(0, 2, (e, v) -> e.capturedAt(THU.plusMinutes(10)).exitAt("hall")),
			new Scripted(1, 2, (e, v) -> e.capturedAt(THU.plusMinutes(15)).refusedAt("hall", v, "ALREADY_ENTERED")),
			new Scripted(1, 3, (e, v) -> e.capturedAt(THU.plusMinutes(20)).admittedAt("hall", v)),
			new Scripted(0, 3, (e, v) -> e.capturedAt(THU.plusMinutes(1)).admittedAt("desk", v)),
			new Scripted(0, 4, (e, v) -> e.capturedAt(THU.plusMinutes(30)).admittedAt("lounge", v)),
			new Scripted(1, 4, (e, v) -> e.capturedAt(THU.plusMinutes(31)).admittedAt("lounge", v)));

	private static ReconcilerHarness harness;

	@BeforeContainer
	static void start() {
		harness = ReconcilerHarness.start();
	}

	@AfterContainer
	static void stop() {
		harness.close();
	}

	@Property(tries = 15)
	void anyPermutationWithDuplicationLeavesTheSameFlags(@ForAll @LongRange long seed) {
		Random random = new Random(seed);
		String prefix = TestData.unique("p");
		BatchReconciler reconciler = harness.policyReconciler();
		Map<String, String> ordered = deliver(reconciler, prefix + "-a", SCRIPT, random, false);
		List<Scripted> shuffled = new ArrayList<>();
		for (Scripted entry : SCRIPT) {
			for (int copies = 1 + random.nextInt(3); copies > 0; copies--) {
				shuffled.add(entry);
			}
		}
		Collections.shuffle(shuffled, random);
		if (random.nextBoolean()) {
			harness.flushRedis();
		}
		Map<String, String> arbitrary = deliver(reconciler, prefix + "-b", shuffled, random, true);
		assertThat(arbitrary).isEqualTo(ordered);
		// the second admission at the hall (no exit between) and the second at the
		// lounge (entriesHere < 1) are the ones the rules refuse; the refusal after the
		// exit is one the server would have admitted
		assertThat(ordered).containsEntry("1:1", "CHECK_IN REFUSE ALREADY_ENTERED flagged")
			.containsEntry("1:3", "CHECK_IN ADMIT - -")
			.containsEntry("1:4", "CHECK_IN REFUSE RULE flagged")
			.containsEntry("1:2", "REFUSED ADMIT - -")
			.containsEntry("checkIns", "1")
			.containsEntry("badgeJobs", "1");
	}

	private static Map<String, String> deliver(BatchReconciler reconciler, String event, List<Scripted> entries,
			Random random, boolean randomBatches) {
		String attendee = TestData.attendees(harness.jdbc, event, 1).get(0);
		long version = harness.savePolicy(event,
				TestPolicy.policy()
					.area("hall", "AFTER_EXIT")
					.area("lounge", "ANY", Map.of("rule", "entriesHere < 1"))
					.build());
		List<String> kiosks = List.of(event + "-k0", event + "-k1");
		Map<Integer, List<Scripted>> byKiosk = new LinkedHashMap<>();
		entries.forEach((entry) -> byKiosk.computeIfAbsent(entry.kiosk(), (k) -> new ArrayList<>()).add(entry));
		List<List<Scripted>> batches = new ArrayList<>();
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
		for (List<Scripted> batch : batches) {
			String kiosk = kiosks.get(batch.get(0).kiosk());
			List<ReconcileEntry> built = batch.stream()
				.map((entry) -> entry.recorded().apply(TestData.entry(kiosk, entry.seq(), attendee), version).build())
				.toList();
			reconciler.reconcile(TestData.request(kiosk, event, built));
		}
		Map<String, String> state = new TreeMap<>();
		harness.jdbc.query("""
				SELECT kiosk_id, seq, type, server_verdict, server_reason, against_rules
				FROM reconciler.movements WHERE event_id = ?""", (rs) -> {
			String kiosk = rs.getString(1);
			state.put(kiosk.substring(kiosk.length() - 1) + ":" + rs.getLong(2),
					rs.getString(3) + " " + rs.getString(4) + " " + ((rs.getString(5) != null) ? rs.getString(5) : "-")
							+ " " + (rs.getBoolean(6) ? "flagged" : "-"));
		}, event);
		state.put("checkIns",
				harness.jdbc
					.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE event_id = ?", Long.class, event)
					.toString());
		state.put("badgeJobs",
				harness.jdbc
					.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = ?", Long.class, event)
					.toString());
		return state;
	}

	private record Scripted(int kiosk, long seq, BiFunction<TestData.Entry, Long, TestData.Entry> recorded) {
	}

}
