package io.eventops.edge.kiosk;

/**
 * What a kiosk learns about itself from the server, so that a reinstalled kiosk continues
 * its sequence instead of reusing keys (invariant 3).
 *
 * @param kioskId the kiosk
 * @param contiguousThroughSeq every seq up to this one has a final outcome
 * @param highestSeenSeq the highest seq the kiosk ever flushed
 * @param highestLocalSeqReported the highest local seq the kiosk ever reported
 * @param areaId the area it was provisioned for, absent for the event's implicit area
 * (issue #35)
 * @param direction the direction it was provisioned for
 */
record SyncState(String kioskId, long contiguousThroughSeq, long highestSeenSeq, long highestLocalSeqReported,
		String areaId, KioskDirection direction) {
}
