package io.eventops.rules.decision;

import java.time.Duration;
import java.time.Instant;

/**
 * The arithmetic of a capacity that holds while kiosks are offline (invariant 14): the
 * demarcation protocol (Barbará and Garcia-Molina, 1992).
 *
 * <p>
 * A kiosk's <em>net</em> at an area is its admissions there minus its exits there,
 * counted over every entry it made. Annulled admissions count in it: an annulment gives a
 * place back through inside-now (the places in use), never through a kiosk's reserve,
 * because the attendee it names may have left already, and then it frees no place. The
 * server escrows part of the area's free places to each entry kiosk as an
 * {@link Allowance}: a cumulative limit on the kiosk's net. The kiosk admits, online or
 * offline, only while its net is below the limit, and every admission takes a place, even
 * of someone the kiosk believes inside (its belief may be stale; the place is real). An
 * exit at the kiosk gives it a place back. The kiosk counts every entry in its log; the
 * server the entries it has received (the kiosk's <em>flushed</em> net). What the kiosk
 * holds that the server has not seen is therefore at most its <em>reserve</em>,
 * {@code limit - flushed}.
 *
 * <p>
 * Every attendee who is inside got there through one admission and left through one exit
 * or not at all, so inside-now is at most the sum of all kiosks' nets (entry and exit
 * kiosks, the server's own exits). The server grants only while
 * {@code used + sum(reserves) <= capacity}, where {@code used} is the larger of
 * inside-now by the movements it has and the sum of the flushed nets (the larger, because
 * a double scan at an exit makes the nets too small). A flush moves places between a
 * reserve and {@code used} and never raises the sum; only a grant does, and a grant gives
 * at most the places left. A grant never lowers a live limit: the kiosk may have used it
 * before its request arrived.
 *
 * <p>
 * A lease that ends gives its reserve back to the area. That is safe for a kiosk that
 * stopped admitting before its lease ended ({@link #occupancy} stops it, with a margin
 * for clock skew) and had flushed what it admitted; a kiosk that comes back after its
 * lease with admissions it had not flushed can take the area over its capacity by at most
 * those admissions. Holding a silent kiosk's places for ever is the only alternative.
 */
public final class Escrow {

	private Escrow() {
	}

	/**
	 * The places an area has in use for the escrow.
	 * @param insideFlushed inside-now by the movements the server has
	 * @param flushedNets the sum of every kiosk's flushed net at the area
	 * @return the larger
	 */
	public static long used(long insideFlushed, long flushedNets) {
		return Math.max(insideFlushed, flushedNets);
	}

	/**
	 * The limit to grant a kiosk now.
	 * @param capacity the area's capacity
	 * @param used the places in use ({@link #used})
	 * @param othersReserved the sum of {@link #reserved} over the other kiosks' live
	 * allowances
	 * @param ownFlushed this kiosk's flushed net
	 * @param liveLimit this kiosk's limit while its lease runs, or {@code null} (none, or
	 * ended)
	 * @param sharing the entry kiosks of the area the free places are shared among (at
	 * least 1)
	 * @return the new limit: the kiosk's flushed net plus its share of the free places,
	 * and never below a live limit
	 */
	public static long grant(long capacity, long used, long othersReserved, long ownFlushed, Long liveLimit,
			int sharing) {
		long free = Math.max(0, capacity - used - othersReserved);
		long kiosks = Math.max(1, sharing);
		// a fair share of the places not in use, as far as no other kiosk holds them
		long fair = (Math.max(0, capacity - used) + kiosks - 1) / kiosks;
		long share = Math.min(free, fair);
		long limit = ownFlushed + share;
		return (liveLimit != null) ? Math.max(liveLimit, limit) : limit;
	}

	/**
	 * The places an allowance holds on the server.
	 * @param limit the kiosk's limit
	 * @param ownFlushed its flushed net
	 * @return {@code max(0, limit - ownFlushed)}
	 */
	public static long reserved(long limit, long ownFlushed) {
		return Math.max(0, limit - ownFlushed);
	}

	/**
	 * The occupancy a kiosk decides an admission with: its net against its limit; full
	 * without an allowance, and from the lease's end minus a margin by the kiosk's clock
	 * (the margin covers the skew between the kiosk's clock and the server's).
	 * @param allowance the kiosk's allowance, or {@code null}
	 * @param ownNet the kiosk's net at the area, every logged entry counted
	 * @param now the kiosk's clock
	 * @param margin how long before the lease's end the kiosk stops admitting
	 * @return the occupancy for {@link EntryDecider#decide}: no one inside and the places
	 * left as the capacity
	 */
	public static Occupancy occupancy(Allowance allowance, long ownNet, Instant now, Duration margin) {
		if (allowance == null || !now.isBefore(allowance.leaseUntil().minus(margin))) {
			return new Occupancy(0, 0, true);
		}
		// as places left: a net below 0 (more exits than admissions here) is room too
		return new Occupancy(0, Math.max(0, allowance.limit() - ownNet), true);
	}

	/**
	 * A kiosk's allowance at an area.
	 *
	 * @param limit the most net the kiosk may have there, counted over all its entries
	 * (cumulative: it only moves up while the lease runs)
	 * @param leaseUntil when the server stops holding the places for it
	 */
	public record Allowance(long limit, Instant leaseUntil) {
	}

}
