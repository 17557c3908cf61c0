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
 */
record KioskSummary(String kioskId, String eventId, String label, String printerPool, boolean revoked,
		OffsetDateTime lastSeenAt, long contiguousThroughSeq, long highestSeenSeq, long highestLocalSeqReported,
		long backlog, List<SeqRanges.Range> gaps, Map<String, Long> outcomes, Map<String, Long> flags, String areaId,
		KioskDirection direction) {
}
