package io.eventops.agent;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import io.eventops.agent.log.DeadLetter;

/**
 * What {@code status} shows: the log's position against the edge and what went wrong.
 *
 * @param kioskId the kiosk
 * @param lastSeq the highest seq assigned
 * @param watermark the highest seq through which the edge acknowledged everything
 * @param pending entries waiting to be acknowledged (dead letters excluded)
 * @param storedEntries entries on disk (acknowledged ones until truncated)
 * @param deadLetters entries the edge refused on their own, kept for ops
 * @param outcomes the last outcome per acknowledged entry, counted
 * @param sequenceKnown whether the log learned its sequence from the edge
 * @param lastError the last flush error, or {@code null}
 * @param lastErrorAt when it happened
 * @param lastSuccessAt the last acknowledged request
 * @param revoked why the edge revoked this kiosk (issue #37), or {@code null}: a revoked
 * kiosk admits no one, and its unflushed entries wait for {@code kiosk-agent export}
 */
public record AgentStatus(String kioskId, long lastSeq, long watermark, long pending, long storedEntries,
		List<DeadLetter> deadLetters, Map<String, Long> outcomes, boolean sequenceKnown, String lastError,
		OffsetDateTime lastErrorAt, OffsetDateTime lastSuccessAt, String revoked) {

	/**
	 * A few lines for people.
	 * @return the text
	 */
	public String toText() {
		StringBuilder text = new StringBuilder();
		text.append("kiosk:         ").append(this.kioskId).append('\n');
		if (this.revoked != null) {
			text.append("REVOKED:       ").append(this.revoked).append('\n');
		}
		text.append("last seq:      ")
			.append(this.lastSeq)
			.append(this.sequenceKnown ? "" : " (sequence not yet known)")
			.append('\n');
		text.append("watermark:     ").append(this.watermark).append('\n');
		text.append("pending:       ").append(this.pending).append('\n');
		text.append("stored:        ").append(this.storedEntries).append('\n');
		text.append("outcomes:      ").append(this.outcomes).append('\n');
		text.append("dead letters:  ").append(this.deadLetters.size()).append('\n');
		for (DeadLetter dead : this.deadLetters) {
			text.append("  ")
				.append(dead.idempotencyKey())
				.append(" attendee=")
				.append(dead.attendeeId())
				.append(" HTTP ")
				.append(dead.status())
				.append(" at ")
				.append(dead.deadAt())
				.append(": ")
				.append(dead.detail())
				.append('\n');
		}
		text.append("last error:    ")
			.append((this.lastError != null) ? this.lastError + " at " + this.lastErrorAt : "-")
			.append('\n');
		text.append("last success:  ").append((this.lastSuccessAt != null) ? this.lastSuccessAt : "-").append('\n');
		return text.toString();
	}

}
