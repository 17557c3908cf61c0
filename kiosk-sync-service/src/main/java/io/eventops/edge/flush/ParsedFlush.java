package io.eventops.edge.flush;

import java.util.List;

import tools.jackson.databind.JsonNode;

/**
 * A flush body that passed the whole-request checks: every entry is a JSON object with an
 * integer seq of at least 1; everything else is checked per entry.
 *
 * @param highestLocalSeq the kiosk's highest local seq
 * @param entries the entries in the request's order
 */
record ParsedFlush(long highestLocalSeq, List<RawEntry> entries) {

	ParsedFlush {
		entries = List.copyOf(entries);
	}

	/**
	 * One entry as received.
	 *
	 * @param seq its seq
	 * @param node its parsed JSON object
	 * @param raw its JSON text exactly as received
	 */
	record RawEntry(long seq, JsonNode node, String raw) {
	}

}
