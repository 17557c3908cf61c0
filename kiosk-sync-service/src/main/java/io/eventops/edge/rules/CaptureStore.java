package io.eventops.edge.rules;

import java.time.Instant;
import java.util.List;

import io.eventops.model.flush.EntryType;

/**
 * Where a kiosk's recent captures are kept for the rate and double-tap rules: shared by
 * every edge replica in production (Redis), so that a kiosk's flags are the same
 * whichever replica serves each of its flushes.
 */
public interface CaptureStore {

	/**
	 * A kiosk's captures whose capture time lies in a window.
	 * @param kioskId the kiosk
	 * @param from the window's start, inclusive
	 * @param through the window's end, inclusive
	 * @return the captures, in no particular order
	 */
	List<Capture> between(String kioskId, Instant from, Instant through);

	/**
	 * Remembers a kiosk's new captures (a capture of a seq already kept replaces it).
	 * @param kioskId the kiosk
	 * @param captures the captures
	 */
	void add(String kioskId, List<Capture> captures);

	/**
	 * A kiosk's captures in a window as {@link #between} answers them, and then
	 * {@link #add} of new ones: a store may do both in one round trip (issue #39).
	 * @param kioskId the kiosk
	 * @param from the window's start, inclusive
	 * @param through the window's end, inclusive
	 * @param captures the captures to remember after the read
	 * @return the captures in the window before these were added, in no particular order
	 */
	default List<Capture> betweenThenAdd(String kioskId, Instant from, Instant through, List<Capture> captures) {
		List<Capture> known = between(kioskId, from, through);
		add(kioskId, captures);
		return known;
	}

	/**
	 * One entry as the time rules remember it.
	 *
	 * @param seq the kiosk's seq
	 * @param attendeeId the attendee
	 * @param capturedAt the kiosk's capture time
	 * @param type the entry's kind: a double tap is two of one kind (issue #35)
	 */
	record Capture(long seq, String attendeeId, Instant capturedAt, EntryType type) {

		/**
		 * A check-in, the one kind before issue #35.
		 * @param seq the kiosk's seq
		 * @param attendeeId the attendee
		 * @param capturedAt the kiosk's capture time
		 */
		public Capture(long seq, String attendeeId, Instant capturedAt) {
			this(seq, attendeeId, capturedAt, EntryType.CHECK_IN);
		}

	}

}
