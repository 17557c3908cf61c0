package io.eventops.orchestrator.printer;

/**
 * Health of a printer as the orchestrator treats it: only UP printers get work.
 */
public enum PrinterState {

	/** Probes are clean: the printer gets new jobs. */
	UP,

	/**
	 * Fewer than N probes failed in a row (or none succeeded yet): no new work, nothing
	 * moves.
	 */
	SUSPECT,

	/**
	 * N probes failed in a row (or ops failed it over): its work moves; it returns only
	 * by enable.
	 */
	DOWN,

	/** Taken out by ops: no work; it returns only by enable. */
	DISABLED;

	/**
	 * Whether the printer is out of service until ops enable it again.
	 * @return true for DOWN and DISABLED
	 */
	public boolean out() {
		return this == DOWN || this == DISABLED;
	}

}
