package io.eventops.model.flush;

import java.util.List;

/**
 * A kiosk's batched flush; an empty entry list is a heartbeat.
 *
 * @param highestLocalSeq the kiosk's highest local seq, flushed or not
 * @param entries the entries in seq order
 */
public record FlushRequest(long highestLocalSeq, List<FlushEntry> entries) {

	/** Most entries one flush may carry. */
	public static final int MAX_ENTRIES = 500;

	public FlushRequest {
		entries = List.copyOf(entries);
	}

}
