package io.eventops.agent.cache;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The type-ahead's in-memory index in front of the SQLite table: every attendee's folded
 * search text ({@link SearchText}), ordered by display name, then id (as the table query
 * ranked before the index). A query scans these strings in memory instead of the table:
 * over 50 000 attendees the table scan with its sort took a median of 120 ms on a loaded
 * machine, above the 100 ms the kiosk screen promises (issue 26); the table stays the
 * truth, the index only says which ids match and in what order.
 * <p>
 * The table holds names, companies and e-mail addresses encrypted (#38): the index is the
 * only plaintext, in memory, decrypted once when it is loaded (the first query after
 * opening or a snapshot) and then kept in step with each written or deleted attendee, so
 * that a change does not decrypt the whole table again. It is the kiosk's own, one
 * process per kiosk.
 */
final class SearchIndex {

	// SQLite's ORDER BY display_name, attendee_id: NULL first; String order is the
	// UTF-8 byte order for every character below U+E000
	private static final Comparator<Entry> ORDER = Comparator
		.comparing(Entry::displayName, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
		.thenComparing(Entry::attendeeId);

	private List<Entry> ordered;

	private Map<String, Entry> byId = new HashMap<>();

	/**
	 * Whether the index must be read again from the table.
	 * @return {@code true} before the first query and after a snapshot
	 */
	boolean stale() {
		return this.ordered == null;
	}

	/**
	 * Loads the index.
	 * @param entries every attendee's id, name and folded search text, in any order
	 */
	void load(List<Entry> entries) {
		List<Entry> ordered = new ArrayList<>(entries);
		ordered.sort(ORDER);
		Map<String, Entry> byId = HashMap.newHashMap(entries.size());
		for (Entry entry : entries) {
			byId.put(entry.attendeeId(), entry);
		}
		this.ordered = ordered;
		this.byId = byId;
	}

	/**
	 * Notes a written attendee: its entry moves to its place if its name or search text
	 * is new.
	 * @param written the attendee as written
	 */
	void written(Entry written) {
		if (this.ordered == null) {
			return;
		}
		Entry old = this.byId.put(written.attendeeId(), written);
		if (written.equals(old)) {
			return;
		}
		if (old != null) {
			this.ordered.remove(Collections.binarySearch(this.ordered, old, ORDER));
		}
		this.ordered.add(-Collections.binarySearch(this.ordered, written, ORDER) - 1, written);
	}

	/**
	 * Notes a deleted attendee (#38): its text leaves the index.
	 * @param attendeeId the attendee
	 */
	void removed(String attendeeId) {
		Entry old = this.byId.remove(attendeeId);
		if (this.ordered != null && old != null) {
			this.ordered.remove(Collections.binarySearch(this.ordered, old, ORDER));
		}
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
