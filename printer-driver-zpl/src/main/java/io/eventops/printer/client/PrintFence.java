package io.eventops.printer.client;

/**
 * Lets the caller of a print keep the attempt honest: record the label counter before the
 * format goes out, and abandon a confirmation once the job is no longer this printer's
 * and this attempt's (ARCHITECTURE invariant 8).
 */
public interface PrintFence {

	/** A fence that never stops a print, for callers with nothing to fence. */
	PrintFence NONE = new PrintFence() {

		@Override
		public boolean beforeSend(Long labelCountBefore) {
			return true;
		}

		@Override
		public boolean stillAssigned() {
			return true;
		}

	};

	/**
	 * Called once the printer was found ready and idle, right before the format is sent.
	 * @param labelCountBefore the label counter read just now, null when the printer is
	 * confirmed by {@code ~HS}
	 * @return whether to send; false sends nothing (the outcome is NOT_SENT)
	 */
	boolean beforeSend(Long labelCountBefore);

	/**
	 * Asked before every confirmation poll and before a result is returned as PRINTED.
	 * @return whether the job is still assigned to this printer and attempt; false ends
	 * the confirmation as UNKNOWN
	 */
	boolean stillAssigned();

}
