package io.eventops.edge.rules;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Captures in this JVM's memory, bounded per kiosk (latest capture times kept) and in
 * kiosks: for the plain-Java tests of the rules and for a single edge; several replicas
 * use the Redis store.
 */
public final class InMemoryCaptureStore implements CaptureStore {

	private final int perKiosk;

	private final Map<String, Map<Long, Capture>> kiosks;

	public InMemoryCaptureStore(int perKiosk, int maxKiosks) {
		this.perKiosk = perKiosk;
		this.kiosks = new LinkedHashMap<>(16, 0.75f, true) {
			@Override
			protected boolean removeEldestEntry(Map.Entry<String, Map<Long, Capture>> eldest) {
				return size() > maxKiosks;
			}
		};
	}

	@Override
	public synchronized List<Capture> between(String kioskId, Instant from, Instant through) {
		List<Capture> found = new ArrayList<>();
		for (Capture capture : this.kiosks.getOrDefault(kioskId, Map.of()).values()) {
			if (!capture.capturedAt().isBefore(from) && !capture.capturedAt().isAfter(through)) {
				found.add(capture);
			}
		}
		return found;
	}

	@Override
	public synchronized void add(String kioskId, List<Capture> captures) {
		Map<Long, Capture> kept = this.kiosks.computeIfAbsent(kioskId, (id) -> new LinkedHashMap<>());
		captures.forEach((capture) -> kept.put(capture.seq(), capture));
		if (kept.size() > this.perKiosk) {
			List<Capture> newest = kept.values()
				.stream()
				.sorted(Comparator.comparing(Capture::capturedAt).reversed())
				.limit(this.perKiosk)
				.toList();
			kept.clear();
			newest.forEach((capture) -> kept.put(capture.seq(), capture));
		}
	}

}
