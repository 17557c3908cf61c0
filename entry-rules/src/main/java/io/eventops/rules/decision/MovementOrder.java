package io.eventops.rules.decision;

import java.util.Comparator;

/**
 * The one order of movements: capture time, then the idempotency key, then the rest of
 * the content, so that it is total and no input order can change a decision. Keys compare
 * by source and then by their numeric sequence ({@code kiosk-07:9} before
 * {@code kiosk-07:10}), which is a kiosk's own order; the comparison is by code point,
 * never by locale.
 */
public final class MovementOrder {

	/** Orders keys {@code {source}:{seq}} by source, then seq as a number. */
	public static final Comparator<String> KEYS = MovementOrder::compareKeys;

	/** Orders movements; 0 only for movements with equal content. */
	public static final Comparator<Movement> MOVEMENTS = Comparator.comparing(Movement::capturedAt)
		.thenComparing(Movement::key, KEYS)
		.thenComparing(Movement::attendeeId)
		.thenComparing(Movement::type)
		.thenComparing(Movement::areaId, Comparator.nullsFirst(Comparator.naturalOrder()))
		.thenComparing(Movement::annulledKey, Comparator.nullsFirst(Comparator.naturalOrder()));

	private MovementOrder() {
	}

	private static int compareKeys(String left, String right) {
		int leftColon = left.lastIndexOf(':');
		int rightColon = right.lastIndexOf(':');
		String leftSource = (leftColon >= 0) ? left.substring(0, leftColon) : left;
		String rightSource = (rightColon >= 0) ? right.substring(0, rightColon) : right;
		int bySource = leftSource.compareTo(rightSource);
		if (bySource != 0) {
			return bySource;
		}
		Long leftSeq = (leftColon >= 0) ? seq(left.substring(leftColon + 1)) : null;
		Long rightSeq = (rightColon >= 0) ? seq(right.substring(rightColon + 1)) : null;
		if (leftSeq != null && rightSeq != null && !leftSeq.equals(rightSeq)) {
			return Long.compare(leftSeq, rightSeq);
		}
		if ((leftSeq == null) != (rightSeq == null)) {
			return (leftSeq != null) ? -1 : 1;
		}
		return left.compareTo(right);
	}

	private static Long seq(String text) {
		if (text.isEmpty() || text.length() > 18) {
			return null;
		}
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c < '0' || c > '9') {
				return null;
			}
		}
		return Long.parseLong(text);
	}

}
