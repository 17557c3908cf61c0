package io.eventops.printer.client;

import java.util.Objects;

import io.eventops.printer.status.PrinterStatus;

/**
 * The outcome of one print attempt, with why and the last status read from the printer.
 *
 * @param outcome what is known about the label
 * @param detail why, for logs and the print ledger
 * @param lastStatus the last status read (unreachable when none could be read)
 */
public record PrintResult(PrintOutcome outcome, String detail, PrinterStatus lastStatus) {

	public PrintResult {
		Objects.requireNonNull(outcome, "outcome");
		Objects.requireNonNull(detail, "detail");
		Objects.requireNonNull(lastStatus, "lastStatus");
	}

	/**
	 * Whether the printer confirmed the label.
	 * @return true only for {@link PrintOutcome#PRINTED}
	 */
	public boolean printed() {
		return this.outcome == PrintOutcome.PRINTED;
	}

}
