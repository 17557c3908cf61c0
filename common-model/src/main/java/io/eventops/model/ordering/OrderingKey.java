package io.eventops.model.ordering;

import java.util.Comparator;
import java.util.Objects;

/**
 * The total order of check-in records for one attendee:
 * {@code (originRank, seq, sourceId)}, never wall-clock time (invariant 4). The
 * reconciler's conditional upsert compares the same triple in SQL, with {@code sourceId}
 * in the "C" collation so that both orders agree.
 *
 * @param originRank 0 for kiosks, 1 for the desk
 * @param seq the per-source sequence number
 * @param sourceId the kiosk id, or the desk's source id
 */
public record OrderingKey(int originRank, long seq, String sourceId) implements Comparable<OrderingKey> {

	private static final Comparator<OrderingKey> ORDER = Comparator.comparingInt(OrderingKey::originRank)
		.thenComparingLong(OrderingKey::seq)
		.thenComparing(OrderingKey::sourceId);

	public OrderingKey {
		Objects.requireNonNull(sourceId, "sourceId");
	}

	/**
	 * The key of a kiosk write.
	 * @param kioskId the kiosk
	 * @param seq the kiosk's seq
	 * @return the key
	 */
	public static OrderingKey kiosk(String kioskId, long seq) {
		return new OrderingKey(Origin.KIOSK.rank(), seq, kioskId);
	}

	/**
	 * The key of a desk correction.
	 * @param serverSeq the server-issued correction sequence
	 * @return the key
	 */
	public static OrderingKey desk(long serverSeq) {
		return new OrderingKey(Origin.DESK.rank(), serverSeq, "desk");
	}

	public Origin origin() {
		return Origin.ofRank(this.originRank);
	}

	@Override
	public int compareTo(OrderingKey other) {
		return ORDER.compare(this, other);
	}

	/**
	 * Whether this key wins over another.
	 * @param other the stored key, or {@code null} when nothing is stored
	 * @return {@code true} when this key is strictly greater
	 */
	public boolean outranks(OrderingKey other) {
		return other == null || compareTo(other) > 0;
	}

}
