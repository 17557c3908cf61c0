package io.eventops.orchestrator.probe;

import io.eventops.orchestrator.printer.PrinterState;

/**
 * The probe state machine: what one probe does to a printer's state (invariant 9). A
 * clean probe brings a SUSPECT printer back UP; N consecutive failures make it DOWN;
 * fewer make it SUSPECT and move nothing; an out printer never returns by itself.
 *
 * @param next the state after the probe
 * @param wentDown whether this probe declared the printer DOWN (and failover is due)
 */
public record ProbeTransition(PrinterState next, boolean wentDown) {

	/**
	 * Decides the state after a probe.
	 * @param current the state before
	 * @param clean whether the probe was clean (reachable and ready to print)
	 * @param consecutiveFailures failures in a row including this probe (0 when clean)
	 * @param downAfterFailures N
	 * @return the transition
	 */
	public static ProbeTransition after(PrinterState current, boolean clean, long consecutiveFailures,
			int downAfterFailures) {
		if (current.out()) {
			return new ProbeTransition(current, false);
		}
		if (clean) {
			return new ProbeTransition(PrinterState.UP, false);
		}
		if (consecutiveFailures >= downAfterFailures) {
			return new ProbeTransition(PrinterState.DOWN, true);
		}
		return new ProbeTransition(PrinterState.SUSPECT, false);
	}

}
