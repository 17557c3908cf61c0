package io.eventops.model.flush;

import java.util.List;

/**
 * The edge's answer to a flush: one result per entry and the seq a kiosk may advance its
 * watermark to (invariant 6).
 *
 * @param kioskId the kiosk
 * @param ackedThroughSeq the highest seq through which every entry of the request is
 * final
 * @param results one result per entry, in the request's order
 */
public record FlushResponse(String kioskId, long ackedThroughSeq, List<EntryResult> results) {

	public FlushResponse {
		results = List.copyOf(results);
	}

}
