package io.eventops.edge.kiosk;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/**
 * One kiosk as ops see it in {@code GET /admin/v1/kiosks}.
 *
 * @param kioskId the kiosk
 * @param eventId its event
 * @param label its label
 * @param printerPool its printer pool
 * @param revoked whether its token was revoked
 * @param lastSeenAt when it last flushed
 * @param contiguousThroughSeq its watermark
 * @param highestSeenSeq the highest seq it flushed
 * @param highestLocalSeqReported the highest local seq it reported
 * @param backlog entries still on the device
 * @param gaps seqs below the highest seen that are not final yet
 * @param outcomes entry counts by outcome
 * @param flags entry counts by flag
 * @param areaId the area it serves, absent for the event's implicit area (issue #35)
 * @param direction its direction
 * @param contact its last contact and what it reported then (issue #37)
 * @param revocation how and when it was revoked, or {@code null} (issue #37)
 * @param entriesHeldAtLastContact the backlog it reported at its last heartbeat, or
 * {@code null}: for a {@code LOST} kiosk, exactly what is unaccounted for
 */
record KioskSummary(String kioskId, String eventId, String label, String printerPool, boolean revoked,
		OffsetDateTime lastSeenAt, long contiguousThroughSeq, long highestSeenSeq, long highestLocalSeqReported,
		long backlog, List<SeqRanges.Range> gaps, Map<String, Long> outcomes, Map<String, Long> flags, String areaId,
		KioskDirection direction, Contact contact, Revocation revocation, Long entriesHeldAtLastContact) {

	/**
	 * A kiosk's revocation.
	 *
	 * @param mode {@code RETIRE} or {@code LOST}
	 * @param revokedAt when it was revoked (the first revocation)
	 * @param effectiveAt when its token stops (stopped): a {@code RETIRE} kiosk flushes
	 * until then
	 */
	record Revocation(RevocationMode mode, OffsetDateTime revokedAt, OffsetDateTime effectiveAt) {
	}

	/**
	 * A kiosk's last contact.
	 *
	 * @param online whether it called within twice the heartbeat interval
	 * @param lastContactAt when it last called any edge replica, or {@code null}
	 * @param agentVersion its agent's version, or {@code null} (never told)
	 * @param clockOffsetMs its clock minus the edge's on arrival, or {@code null}
	 * @param clockSkewed whether that offset is beyond the time rules' clock-skew limit
	 * @param diskFreeBytes free bytes on its log's disk, or {@code null}
	 * @param reportedBacklog entries the device held at its last heartbeat, or
	 * {@code null}: after a loss, exactly what is unaccounted for
	 */
	record Contact(boolean online, OffsetDateTime lastContactAt, String agentVersion, Long clockOffsetMs,
			boolean clockSkewed, Long diskFreeBytes, Long reportedBacklog) {
	}

}
