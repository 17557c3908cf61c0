package io.eventops.edge.flush;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.eventops.edge.web.EdgeException;

/**
 * Bounds how many flushes of one kiosk this replica works on at once, so that a kiosk in
 * a retry loop spends at most its own share of the replica's reconciler slots (invariant
 * 11). Per replica on purpose: what it shares out is this replica's capacity (its
 * bulkhead, threads and memory), and a count in Redis would need a lease per flush to
 * survive a replica that dies mid-flush, for the same bound (see the README).
 */
final class KioskFlushSlots {

	private final ConcurrentMap<String, Integer> inFlight = new ConcurrentHashMap<>();

	private final FlushProperties properties;

	KioskFlushSlots(FlushProperties properties) {
		this.properties = properties;
	}

	/**
	 * Takes one of the kiosk's slots.
	 * @param kioskId the kiosk
	 * @return the slot, to close when the flush is answered
	 * @throws EdgeException 429 with {@code Retry-After} when the kiosk has none left
	 */
	Slot acquire(String kioskId) {
		boolean[] taken = new boolean[1];
		this.inFlight.compute(kioskId, (id, count) -> {
			int current = (count != null) ? count : 0;
			if (current >= this.properties.maxInFlightPerKiosk()) {
				return count;
			}
			taken[0] = true;
			return current + 1;
		});
		if (!taken[0]) {
			throw EdgeException.kioskBusy(this.properties.maxInFlightPerKiosk(), this.properties.busyRetryAfter());
		}
		// an idle kiosk leaves no entry behind: the map holds only kiosks in flight
		return () -> this.inFlight.computeIfPresent(kioskId, (id, count) -> (count > 1) ? count - 1 : null);
	}

	int inFlight(String kioskId) {
		return this.inFlight.getOrDefault(kioskId, 0);
	}

	/** A taken slot. */
	interface Slot extends AutoCloseable {

		@Override
		void close();

	}

}
