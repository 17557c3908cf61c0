package io.eventops.agent.log;

import java.util.List;

/**
 * Decides, inside the log's write transaction, what entry a scan appends.
 */
@FunctionalInterface
public interface EntryDrafter {

	/**
	 * Drafts the entry.
	 * @param key the idempotency key the entry will get
	 * @param own this kiosk's entries of the attendee still in the log, in seq order
	 * @return the draft, or {@code null} to append nothing
	 */
	EntryDraft draft(String key, List<OwnEntry> own);

}
