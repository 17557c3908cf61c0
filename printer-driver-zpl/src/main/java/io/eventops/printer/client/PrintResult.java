package io.eventops.printer.client;

import java.util.Objects;

import io.eventops.printer.status.PrinterStatus;

/**
 * The outcome of one print attempt, with why, the last status read from the printer and
 * the evidence behind it.
 *
 * @param outcome what is known about the label
 * @param detail why, for logs and the print ledger
 * @param lastStatus the last status read (unreachable when none could be read)
 * @param confirmedBy what proved the label out, null unless PRINTED
 * @param labelCountBefore the label counter read before the format was sent, null when
 * not read
 * @param labelCountAfter the label counter last read after the format was sent, null when
 * not read
 */
public record PrintResult(PrintOutcome outcome, String detail, PrinterStatus lastStatus, ConfirmationMode confirmedBy,
		Long labelCountBefore, Long labelCountAfter) {

	public PrintResult {
		Objects.requireNonNull(outcome, "outcome");
		Objects.requireNonNull(detail, "detail");
		Objects.requireNonNull(lastStatus, "lastStatus");
		if ((outcome == PrintOutcome.PRINTED) != (confirmedBy != null)) {
			throw new IllegalArgumentException("confirmedBy is set exactly for PRINTED");
		}
	}

	/**
	 * A result that is not a confirmation and read no label counter.
	 * @param outcome UNKNOWN, DROPPED or NOT_SENT
	 * @param detail why
	 * @param lastStatus the last status read
	 */
	public PrintResult(PrintOutcome outcome, String detail, PrinterStatus lastStatus) {
		this(outcome, detail, lastStatus, null, null, null);
	}

	/**
	 * Whether the printer confirmed the label.
	 * @return true only for {@link PrintOutcome#PRINTED}
	 */
	public boolean printed() {
		return this.outcome == PrintOutcome.PRINTED;
	}

}
