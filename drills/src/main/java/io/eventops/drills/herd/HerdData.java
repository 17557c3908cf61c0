package io.eventops.drills.herd;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import io.eventops.drills.baseline.BaselineEntry;
import io.eventops.drills.fleet.PlannedEntry;

/**
 * The herd's data, generated from the seed: the registry, and per kiosk the entries it
 * queued during a 40-minute outage (an entry about every 10 s per kiosk), with overlap
 * between kiosks and a few replays from history.
 *
 * @param eventId the event
 * @param attendeeIds the registry
 * @param entries entries by kiosk, in the order the kiosk records them
 */
record HerdData(String eventId, List<String> attendeeIds, Map<String, List<PlannedEntry>> entries) {

	private static final Duration OUTAGE = Duration.ofMinutes(40);

	static HerdData generate(HerdPlan plan, String runId, OffsetDateTime now) {
		Random random = new Random(plan.seed());
		String eventId = "herd-" + runId;
		List<String> attendees = new ArrayList<>();
		for (int i = 1; i <= plan.attendees(); i++) {
			attendees.add(String.format("h%s-a%06d", runId, i));
		}
		List<String> shuffled = new ArrayList<>(attendees);
		Collections.shuffle(shuffled, random);
		Set<Long> stale = new HashSet<>();
		while (stale.size() < Math.min(plan.stale(), plan.totalEntries())) {
			stale.add((long) random.nextInt((int) plan.totalEntries()));
		}
		List<String> used = new ArrayList<>();
		int next = 0;
		long index = 0;
		OffsetDateTime outageStart = now.minus(OUTAGE).withOffsetSameInstant(ZoneOffset.UTC);
		long step = OUTAGE.toMillis() / plan.entries();
		Map<String, List<PlannedEntry>> byKiosk = new LinkedHashMap<>();
		for (int k = 1; k <= plan.kiosks(); k++) {
			List<PlannedEntry> kiosk = new ArrayList<>();
			long offset = random.nextInt((int) Math.max(1, step));
			for (int j = 0; j < plan.entries(); j++) {
				String attendee;
				if (!used.isEmpty() && random.nextDouble() < plan.overlap()) {
					attendee = used.get(random.nextInt(used.size()));
				}
				else {
					attendee = shuffled.get(next++ % shuffled.size());
					used.add(attendee);
				}
				OffsetDateTime queued = outageStart.plusNanos((offset + j * step) * 1_000_000L);
				OffsetDateTime captured = stale.contains(index++) ? queued.minusMinutes(10)
						: queued.minusNanos(120_000_000L);
				kiosk.add(new PlannedEntry(attendee, captured, queued));
			}
			byKiosk.put(kioskId(runId, k), kiosk);
		}
		return new HerdData(eventId, attendees, byKiosk);
	}

	static String kioskId(String runId, int k) {
		return String.format("h%s-k%03d", runId, k);
	}

	/**
	 * The same entries as the baselines apply them (seq = position + 1: fresh logs).
	 * @return entries by kiosk
	 */
	Map<String, List<BaselineEntry>> baselineEntries() {
		Map<String, List<BaselineEntry>> all = new LinkedHashMap<>();
		this.entries.forEach((kiosk, list) -> {
			List<BaselineEntry> converted = new ArrayList<>();
			for (int i = 0; i < list.size(); i++) {
				PlannedEntry entry = list.get(i);
				converted
					.add(new BaselineEntry(kiosk, i + 1, entry.attendeeId(), entry.capturedAt(), entry.queuedAt()));
			}
			all.put(kiosk, converted);
		});
		return all;
	}

	/**
	 * Attendee by kiosk and seq.
	 * @return the recorded attendees
	 */
	Map<String, Map<Long, String>> recorded() {
		Map<String, Map<Long, String>> all = new LinkedHashMap<>();
		this.entries.forEach((kiosk, list) -> {
			Map<Long, String> bySeq = new LinkedHashMap<>();
			for (int i = 0; i < list.size(); i++) {
				bySeq.put((long) i + 1, list.get(i).attendeeId());
			}
			all.put(kiosk, bySeq);
		});
		return all;
	}

	long attendeesAtSeveralKiosks() {
		Map<String, Set<String>> kiosksOf = new java.util.HashMap<>();
		this.entries.forEach((kiosk, list) -> list
			.forEach((entry) -> kiosksOf.computeIfAbsent(entry.attendeeId(), (a) -> new HashSet<>()).add(kiosk)));
		return kiosksOf.values().stream().filter((kiosks) -> kiosks.size() > 1).count();
	}

	long distinctAttendees() {
		return this.entries.values().stream().flatMap(List::stream).map(PlannedEntry::attendeeId).distinct().count();
	}

}
