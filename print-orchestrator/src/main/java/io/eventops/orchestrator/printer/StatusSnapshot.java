package io.eventops.orchestrator.printer;

import io.eventops.printer.status.PrinterStatus;

/**
 * What the last probe read from a printer, as stored in the registry and shown to ops.
 *
 * @param reachable whether the printer answered a status query
 * @param ready whether it was ready to print (a clean probe)
 * @param paperOut media out
 * @param paused paused
 * @param headOpen printhead open
 * @param ribbonOut ribbon out
 * @param overTemperature printhead too hot
 * @param formatsInBuffer formats in the receive buffer, -1 when unknown
 * @param labelsRemaining labels remaining in the batch, -1 when unknown
 * @param detail problems, for ops
 */
public record StatusSnapshot(boolean reachable, boolean ready, boolean paperOut, boolean paused, boolean headOpen,
		boolean ribbonOut, boolean overTemperature, int formatsInBuffer, int labelsRemaining, String detail) {

	/**
	 * Converts a driver reading.
	 * @param status the reading
	 * @return the snapshot
	 */
	public static StatusSnapshot of(PrinterStatus status) {
		return new StatusSnapshot(status.reachable(), status.readyToPrint(), status.paperOut(), status.paused(),
				status.headOpen(), status.ribbonOut(), status.overTemperature(), status.formatsInBuffer(),
				status.labelsRemaining(), String.join(", ", status.problems()));
	}

}
