package io.eventops.agent.log;

import io.eventops.model.flush.FlushEntry;

/**
 * Renders an entry in its wire form once, when it is appended, so that every resend of a
 * key carries byte-for-byte the same payload (invariant 3: a different payload under the
 * same key would be refused as key reuse).
 */
@FunctionalInterface
public interface EntryEncoder {

	/**
	 * The entry's wire JSON.
	 * @param entry the entry
	 * @return UTF-8 JSON of one flush entry
	 */
	byte[] encode(FlushEntry entry);

}
