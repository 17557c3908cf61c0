package io.eventops.printer.virtual;

import java.time.Duration;

/**
 * The print mechanism's state at one instant, as the status replies report it.
 *
 * @param formatsInBuffer formats received and not finished, the one printing included
 * @param labelsRemaining 1 while a label is being printed, else 0
 * @param paperOut media out
 * @param headOpen printhead open
 * @param paused paused
 * @param jammed the label being printed is stuck
 * @param labelTime time a label takes
 * @param labelCount labels really printed since the printer was made, the odometer
 */
record EngineSnapshot(int formatsInBuffer, int labelsRemaining, boolean paperOut, boolean headOpen, boolean paused,
		boolean jammed, Duration labelTime, long labelCount) {

}
