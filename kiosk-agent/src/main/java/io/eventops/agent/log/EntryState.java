package io.eventops.agent.log;

/**
 * Where one recorded check-in stands: waiting, acknowledged with an outcome, or
 * dead-lettered.
 *
 * @param seq the entry's seq
 * @param capturedAt its capture time as recorded (RFC 3339)
 * @param outcome the edge's final outcome, or {@code null} while unacknowledged
 * @param reason the rejection reason, or {@code null}
 * @param deadLettered whether the edge refused it on its own (kept for ops)
 * @param acknowledged whether the watermark passed it
 */
public record EntryState(long seq, String capturedAt, String outcome, String reason, boolean deadLettered,
		boolean acknowledged) {

	/**
	 * Whether the entry still waits to reach the edge.
	 * @return true when neither acknowledged nor dead-lettered
	 */
	public boolean waiting() {
		return !this.acknowledged && !this.deadLettered;
	}

}
