package io.eventops.agent.cache;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The type-ahead's in-memory index in front of the SQLite table: every attendee's folded
 * search text ({@link SearchText}), in the table's result order (display name, then id).
 * A query scans these strings in memory instead of the table: over 50 000 attendees the
 * table scan with its sort took a median of 120 ms on a loaded machine, above the 100 ms
 * the kiosk screen promises (issue 26); the table stays the truth, the index only says
 * which ids match and in what order.
 * <p>
 * The index changes only when a name, company or e-mail address does (a check-in does not
 * change the search text), and then it is rebuilt on the next query; it is the kiosk's
 * own, one process per kiosk, and holds nothing the SQLite file does not.
 */
final class SearchIndex {

	private List<Entry> ordered;

	// what decides an attendee's place and match: its display name (the order) and text
	private Map<String, Entry> byId = new HashMap<>();

	/**
	 * Whether the index must be read again from the table.
	 * @return {@code true} before the first query and after a change of search text
	 */
	boolean stale() {
		return this.ordered == null;
	}

	/**
	 * Loads the index.
	 * @param entries every attendee's id and folded search text, in the table's order
	 */
	void load(List<Entry> entries) {
		this.ordered = List.copyOf(entries);
		Map<String, Entry> byId = HashMap.newHashMap(entries.size());
		for (Entry entry : entries) {
			byId.put(entry.attendeeId(), entry);
		}
		this.byId = byId;
	}

	/**
	 * Notes a written attendee: the index goes stale only if its name or search text is
	 * new.
	 * @param written the attendee as written
	 */
	void written(Entry written) {
		if (this.ordered != null && !written.equals(this.byId.get(written.attendeeId()))) {
			this.ordered = null;
		}
	}

	/**
	 * Notes a deleted attendee (#38): the index goes stale, so its text leaves memory
	 * with the next query.
	 * @param attendeeId the attendee
	 */
	void removed(String attendeeId) {
		this.ordered = null;
		this.byId.remove(attendeeId);
	}

	/** Everything was replaced. */
	void cleared() {
		this.ordered = null;
		this.byId = new HashMap<>();
	}

	/**
	 * The ids that match, as the table's query ranked them: every word occurs; those
	 * whose text starts with the first word first, then the rest, each in the table's
	 * order.
	 * @param words the folded query words, at least one
	 * @param limit most ids
	 * @return the matching ids, best first
	 */
	List<String> search(List<String> words, int limit) {
		List<String> starting = new ArrayList<>(limit);
		List<String> others = new ArrayList<>(limit);
		String first = words.get(0);
		for (Entry entry : this.ordered) {
			String text = entry.searchText();
			if (!containsAll(text, words)) {
				continue;
			}
			if (text.startsWith(first)) {
				starting.add(entry.attendeeId());
				if (starting.size() == limit) {
					break;
				}
			}
			else if (others.size() < limit) {
				others.add(entry.attendeeId());
			}
		}
		List<String> ranked = new ArrayList<>(starting);
		for (int i = 0; i < others.size() && ranked.size() < limit; i++) {
			ranked.add(others.get(i));
		}
		return ranked;
	}

	private static boolean containsAll(String text, List<String> words) {
		for (String word : words) {
			if (!text.contains(word)) {
				return false;
			}
		}
		return true;
	}

	/**
	 * One attendee in the index.
	 *
	 * @param attendeeId the attendee
	 * @param displayName the name as shown (the order)
	 * @param searchText the folded name, company and e-mail address
	 */
	record Entry(String attendeeId, String displayName, String searchText) {
	}

}
