package io.eventops.agent.http;

/**
 * What the edge knows of a kiosk's sequence ({@code GET
 * /v1/kiosks/{kioskId}/sync-state}).
 *
 * @param kioskId the kiosk
 * @param contiguousThroughSeq every seq up to this one has a final outcome
 * @param highestSeenSeq the highest seq the kiosk ever flushed
 * @param highestLocalSeqReported the highest local seq the kiosk ever reported
 * @param areaId the area the kiosk was provisioned for, or {@code null} (none, or an edge
 * before access control)
 * @param direction {@code ENTRY}, {@code EXIT} or {@code BOTH}, or {@code null} (an edge
 * before access control)
 */
public record SyncState(String kioskId, long contiguousThroughSeq, long highestSeenSeq, long highestLocalSeqReported,
		String areaId, String direction) {

	/**
	 * The state as an edge before access control tells it.
	 * @param kioskId the kiosk
	 * @param contiguousThroughSeq every seq up to this one has a final outcome
	 * @param highestSeenSeq the highest seq the kiosk ever flushed
	 * @param highestLocalSeqReported the highest local seq the kiosk ever reported
	 */
	public SyncState(String kioskId, long contiguousThroughSeq, long highestSeenSeq, long highestLocalSeqReported) {
		this(kioskId, contiguousThroughSeq, highestSeenSeq, highestLocalSeqReported, null, null);
	}

	/**
	 * The highest seq an earlier installation may have used: a new log continues after
	 * it, so that no key is ever reused (invariant 3).
	 * @return the seq to continue after
	 */
	public long continueAfter() {
		return Math.max(Math.max(this.contiguousThroughSeq, this.highestSeenSeq), this.highestLocalSeqReported);
	}

}
