package io.eventops.agent.admission;

import java.time.OffsetDateTime;

import io.eventops.model.flush.EntryType;

/**
 * A scan under the event's policy, committed to the kiosk's disk: what was logged and
 * why.
 *
 * @param attendeeId the attendee
 * @param seq the entry's seq
 * @param idempotencyKey the entry's key
 * @param capturedAt the capture time as recorded
 * @param queuedAt when it was durably written
 * @param type {@code CHECK_IN} (admitted), {@code REFUSED} or {@code EXIT}
 * @param areaId the kiosk's area
 * @param policyVersion the version decided under; {@code null} for an exit
 * @param reason the refusal's reason (entry-rules' list), or {@code null}
 * @param explanation for a refusal by the rule, what it says, or {@code null}
 * @param decidedOffline whether the kiosk decided from its cache (the edge did not answer
 * in time); {@code false} for the edge's decision and for an exit
 */
public record Admission(String attendeeId, long seq, String idempotencyKey, OffsetDateTime capturedAt,
		OffsetDateTime queuedAt, EntryType type, String areaId, Long policyVersion, String reason, String explanation,
		boolean decidedOffline) {

	/**
	 * Whether the attendee may pass: an admission or an exit.
	 * @return {@code false} only for a refusal
	 */
	public boolean passes() {
		return this.type != EntryType.REFUSED;
	}

}
