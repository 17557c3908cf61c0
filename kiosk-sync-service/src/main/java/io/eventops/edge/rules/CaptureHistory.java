package io.eventops.edge.rules;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recent captures per kiosk, in memory and bounded (per kiosk and in kiosks), for the
 * rate and double-tap rules. Captures are keyed by seq, so a flush retried after a 503 or
 * an {@code IN_FLIGHT} neither counts twice nor taps against itself.
 */
final class CaptureHistory {

	private final int perKiosk;

	private final Map<String, KioskCaptures> kiosks;

	CaptureHistory(int perKiosk, int maxKiosks) {
		this.perKiosk = perKiosk;
		this.kiosks = new LinkedHashMap<>(16, 0.75f, true) {
			@Override
			protected boolean removeEldestEntry(Map.Entry<String, KioskCaptures> eldest) {
				return size() > maxKiosks;
			}
		};
	}

	KioskCaptures of(String kioskId) {
		synchronized (this.kiosks) {
			return this.kiosks.computeIfAbsent(kioskId, (id) -> new KioskCaptures(this.perKiosk));
		}
	}

	/**
	 * One kiosk's recent captures; callers hold its monitor while they judge an entry.
	 */
	static final class KioskCaptures {

		private final Map<Long, Capture> bySeq;

		private KioskCaptures(int capacity) {
			this.bySeq = new LinkedHashMap<>(64, 0.75f, false) {
				@Override
				protected boolean removeEldestEntry(Map.Entry<Long, Capture> eldest) {
					return size() > capacity;
				}
			};
		}

		int countWithin(Instant from, Instant through, long exceptSeq) {
			int count = 0;
			for (Map.Entry<Long, Capture> entry : this.bySeq.entrySet()) {
				Instant at = entry.getValue().capturedAt();
				if (entry.getKey() != exceptSeq && at.isAfter(from) && !at.isAfter(through)) {
					count++;
				}
			}
			return count;
		}

		boolean tapped(String attendeeId, Instant capturedAt, Duration window, long exceptSeq) {
			for (Map.Entry<Long, Capture> entry : this.bySeq.entrySet()) {
				Capture capture = entry.getValue();
				if (entry.getKey() != exceptSeq && capture.attendeeId().equals(attendeeId)
						&& Duration.between(capture.capturedAt(), capturedAt).abs().compareTo(window) <= 0) {
					return true;
				}
			}
			return false;
		}

		void record(long seq, String attendeeId, Instant capturedAt) {
			this.bySeq.put(seq, new Capture(attendeeId, capturedAt));
		}

	}

	private record Capture(String attendeeId, Instant capturedAt) {
	}

}
