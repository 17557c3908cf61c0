package io.eventops.edge.rules;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

import io.eventops.model.flush.EntryType;

/**
 * The captures near one batch, indexed for the rate and double-tap rules. Captures are
 * keyed by seq, so a flush retried after a 503 or an {@code IN_FLIGHT} neither counts
 * twice nor taps against itself.
 */
final class CaptureHistory {

	private CaptureHistory() {
	}

	/**
	 * One batch's working view of a kiosk's captures: the remembered ones near the
	 * batch's capture times, to which the batch's entries are added as they are checked.
	 * @param known the remembered captures
	 * @param capacity the most captures the view holds
	 * @return the view
	 */
	static KioskCaptures of(List<CaptureStore.Capture> known, int capacity) {
		KioskCaptures captures = new KioskCaptures(capacity);
		known.forEach((capture) -> captures.record(capture.seq(), capture.attendeeId(), capture.type(),
				capture.capturedAt()));
		return captures;
	}

	/**
	 * One kiosk's recent captures; callers hold its monitor while they check an entry.
	 * Indexed by attendee and entry kind (double tap) and by capture time (rate), so that
	 * checking an entry costs what the captures near it cost, not a scan of the whole
	 * history.
	 */
	static final class KioskCaptures {

		private final Map<Long, Capture> bySeq;

		private final Map<Tapped, List<Long>> seqsByAttendee = new HashMap<>();

		private final NavigableMap<Instant, Integer> countByTime = new TreeMap<>();

		private KioskCaptures(int capacity) {
			this.bySeq = new LinkedHashMap<>(64, 0.75f, false) {
				@Override
				protected boolean removeEldestEntry(Map.Entry<Long, Capture> eldest) {
					if (size() > capacity) {
						unindex(eldest.getKey(), eldest.getValue());
						return true;
					}
					return false;
				}
			};
		}

		int countWithin(Instant from, Instant through, long exceptSeq) {
			int count = 0;
			for (int n : this.countByTime.subMap(from, false, through, true).values()) {
				count += n;
			}
			Capture except = this.bySeq.get(exceptSeq);
			if (except != null && except.capturedAt().isAfter(from) && !except.capturedAt().isAfter(through)) {
				count--;
			}
			return count;
		}

		boolean tapped(String attendeeId, Instant capturedAt, Duration window, long exceptSeq) {
			return tapped(attendeeId, EntryType.CHECK_IN, capturedAt, window, exceptSeq);
		}

		// a double tap is one movement recorded twice: the same attendee and the same
		// kind
		// of entry (an exit or a refusal right after an admission is another movement)
		boolean tapped(String attendeeId, EntryType type, Instant capturedAt, Duration window, long exceptSeq) {
			for (long seq : this.seqsByAttendee.getOrDefault(new Tapped(attendeeId, type), List.of())) {
				if (seq != exceptSeq && Duration.between(this.bySeq.get(seq).capturedAt(), capturedAt)
					.abs()
					.compareTo(window) <= 0) {
					return true;
				}
			}
			return false;
		}

		void record(long seq, String attendeeId, Instant capturedAt) {
			record(seq, attendeeId, EntryType.CHECK_IN, capturedAt);
		}

		void record(long seq, String attendeeId, EntryType type, Instant capturedAt) {
			Capture capture = new Capture(new Tapped(attendeeId, type), capturedAt);
			Capture previous = this.bySeq.put(seq, capture);
			if (previous != null) {
				unindex(seq, previous);
			}
			this.seqsByAttendee.computeIfAbsent(capture.tapped(), (id) -> new ArrayList<>(2)).add(seq);
			this.countByTime.merge(capturedAt, 1, Integer::sum);
		}

		private void unindex(long seq, Capture capture) {
			List<Long> seqs = this.seqsByAttendee.get(capture.tapped());
			if (seqs != null) {
				seqs.remove(Long.valueOf(seq));
				if (seqs.isEmpty()) {
					this.seqsByAttendee.remove(capture.tapped());
				}
			}
			this.countByTime.computeIfPresent(capture.capturedAt(), (at, n) -> (n > 1) ? n - 1 : null);
		}

	}

	private record Tapped(String attendeeId, EntryType type) {
	}

	private record Capture(Tapped tapped, Instant capturedAt) {
	}

}
