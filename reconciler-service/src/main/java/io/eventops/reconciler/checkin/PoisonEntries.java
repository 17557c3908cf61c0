package io.eventops.reconciler.checkin;

import java.sql.SQLException;

import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tells a batch that PostgreSQL refused because of what one of its entries carries from
 * one it refused because it is unavailable, and makes an entry that cannot be stored as
 * received storable for quarantine (invariant 11: poison is an entry's problem, never a
 * batch's).
 */
final class PoisonEntries {

	private PoisonEntries() {
	}

	/**
	 * The SQLSTATE of a failure caused by the data of the batch: class 22 (data
	 * exception: a date out of range, a character text refuses, a number out of range),
	 * class 23 (integrity) except a unique violation, which concurrent writers cause and
	 * a retry of the whole batch resolves, and 54000 (a value over a program limit, such
	 * as an index row).
	 * @param failure what the transaction threw
	 * @return the SQLSTATE, or {@code null} when the failure is not about the data
	 */
	static String entrySpecificState(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLException sql && sql.getSQLState() != null) {
				String state = sql.getSQLState();
				boolean data = state.startsWith("22") || (state.startsWith("23") && !"23505".equals(state))
						|| "54000".equals(state);
				return data ? state : null;
			}
		}
		return null;
	}

	/**
	 * The field an entry-specific failure most likely comes from: the batch path stores
	 * one time, the capture time, so a date-time failure names it.
	 * @param state the SQLSTATE
	 * @return {@code capturedAt} for 22007/22008, else {@code entry}
	 */
	static String fieldOf(String state) {
		return ("22007".equals(state) || "22008".equals(state)) ? "capturedAt" : "entry";
	}

	/**
	 * A stand-in for an entry whose JSON as received cannot be stored: its seq and key,
	 * the SQLSTATE, and its text with every character PostgreSQL refuses ({@code \u0000},
	 * a surrogate outside a pair) replaced by U+FFFD, as a JSON string.
	 * @param item the entry
	 * @param state the SQLSTATE of the refusal
	 * @return JSON text that {@code jsonb} accepts
	 */
	static String storableStandIn(BatchItem item, String state) {
		ObjectNode node = JsonNodeFactory.instance.objectNode();
		node.put("seq", item.entry().seq());
		node.put("idempotencyKey", item.key());
		node.put("unstorable", state);
		node.put("received", storable((item.entry().rawEntry() != null) ? item.entry().rawEntry() : ""));
		return node.toString();
	}

	private static String storable(String text) {
		StringBuilder copy = new StringBuilder(text.length());
		text.codePoints()
			.forEach((cp) -> copy.appendCodePoint(
					(cp == 0 || (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE)) ? 0xFFFD : cp));
		return copy.toString();
	}

}
