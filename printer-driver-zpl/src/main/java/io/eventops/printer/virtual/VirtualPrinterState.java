package io.eventops.printer.virtual;

import java.time.Duration;

/**
 * What a virtual printer is doing right now, for assertions and the control port.
 *
 * @param listening whether its port accepts connections
 * @param dead whether it was killed for good
 * @param paperOut media out
 * @param headOpen printhead open
 * @param paused paused
 * @param jammed the current label is stuck
 * @param formatsInBuffer formats received and not finished
 * @param labelsRemaining 1 while a label prints
 * @param labelTime time per label
 * @param printedLabels labels finished so far
 * @param labelCount the label counter (odometer), kept across restarts
 */
public record VirtualPrinterState(boolean listening, boolean dead, boolean paperOut, boolean headOpen, boolean paused,
		boolean jammed, int formatsInBuffer, int labelsRemaining, Duration labelTime, int printedLabels,
		long labelCount) {

}
