package io.eventops.agent.http;

/**
 * What the edge knows of a kiosk's sequence ({@code GET
 * /v1/kiosks/{kioskId}/sync-state}).
 *
 * @param kioskId the kiosk
 * @param contiguousThroughSeq every seq up to this one has a final outcome
 * @param highestSeenSeq the highest seq the kiosk ever flushed
 * @param highestLocalSeqReported the highest local seq the kiosk ever reported
 */
public record SyncState(String kioskId, long contiguousThroughSeq, long highestSeenSeq, long highestLocalSeqReported) {

	/**
	 * The highest seq an earlier installation may have used: a new log continues after
	 * it, so that no key is ever reused (invariant 3).
	 * @return the seq to continue after
	 */
	public long continueAfter() {
		return Math.max(Math.max(this.contiguousThroughSeq, this.highestSeenSeq), this.highestLocalSeqReported);
	}

}
