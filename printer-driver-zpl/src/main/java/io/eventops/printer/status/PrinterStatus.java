package io.eventops.printer.status;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One reading of a printer's state, and whether that state lets it print.
 *
 * @param source what the reading is based on
 * @param paperOut media out
 * @param paused the printer is paused
 * @param headOpen the printhead is up / the lid is open
 * @param ribbonOut ribbon out
 * @param underTemperature printhead too cold
 * @param overTemperature printhead (or motor) too hot
 * @param bufferFull the receive buffer is full
 * @param corruptRam configuration data was lost
 * @param otherError any other error reported by {@code ~HQES} (cutter, printhead faults…)
 * @param formatsInBuffer formats in the receive buffer, {@link #UNKNOWN} unless read by
 * {@code ~HS}
 * @param labelsRemaining labels remaining in the current batch, {@link #UNKNOWN} unless
 * read by {@code ~HS}
 * @param detail a short human-readable note (the reason when unreachable)
 */
public record PrinterStatus(StatusSource source, boolean paperOut, boolean paused, boolean headOpen, boolean ribbonOut,
		boolean underTemperature, boolean overTemperature, boolean bufferFull, boolean corruptRam, boolean otherError,
		int formatsInBuffer, int labelsRemaining, String detail) {

	/** The value of a count the reading could not see. */
	public static final int UNKNOWN = -1;

	public PrinterStatus {
		Objects.requireNonNull(source, "source");
		detail = (detail != null) ? detail : "";
	}

	/**
	 * The reading of a printer that could not be read at all.
	 * @param reason why (refused, timed out, malformed reply…)
	 * @return a status that is neither reachable nor ready
	 */
	public static PrinterStatus unreachable(String reason) {
		return new PrinterStatus(StatusSource.NONE, false, false, false, false, false, false, false, false, false,
				UNKNOWN, UNKNOWN, reason);
	}

	/**
	 * Whether the printer answered a status query at all.
	 * @return false when nothing readable came back
	 */
	public boolean reachable() {
		return this.source != StatusSource.NONE;
	}

	/**
	 * Zebra's "ready to print": a full status reply with no paper out, pause, open head,
	 * ribbon out, temperature fault, full buffer, corrupt RAM or other error. A printer
	 * that only answers {@code ~HQES} is never ready: it stays silent to {@code ~HS} only
	 * in an error state.
	 * @return whether a format sent now would print
	 */
	public boolean readyToPrint() {
		return this.source == StatusSource.HOST_STATUS && !hasFault() && !this.paused;
	}

	/**
	 * Whether the printer reports a condition that needs an operator (pause excluded: it
	 * is a deliberate state, not a fault).
	 * @return true on paper out, head open, ribbon out, temperature, buffer full, corrupt
	 * RAM or other errors
	 */
	public boolean hasFault() {
		return this.paperOut || this.headOpen || this.ribbonOut || this.underTemperature || this.overTemperature
				|| this.bufferFull || this.corruptRam || this.otherError;
	}

	/**
	 * Whether the printer has nothing left to print: no format buffered and no label of a
	 * batch remaining, as read by {@code ~HS}.
	 * @return true only when both counts are known to be zero
	 */
	public boolean idle() {
		return this.formatsInBuffer == 0 && this.labelsRemaining == 0;
	}

	/**
	 * The conditions that keep the printer from printing, for logs and result details.
	 * @return e.g. {@code [paper out, paused]}, or {@code [unreachable: …]}
	 */
	public List<String> problems() {
		List<String> problems = new ArrayList<>();
		if (!reachable()) {
			problems.add("unreachable: " + this.detail);
		}
		addIf(problems, this.paperOut, "paper out");
		addIf(problems, this.headOpen, "head open");
		addIf(problems, this.ribbonOut, "ribbon out");
		addIf(problems, this.underTemperature, "under temperature");
		addIf(problems, this.overTemperature, "over temperature");
		addIf(problems, this.bufferFull, "receive buffer full");
		addIf(problems, this.corruptRam, "corrupt RAM");
		addIf(problems, this.otherError, "printer error (" + this.detail + ")");
		addIf(problems, this.paused, "paused");
		return problems;
	}

	private static void addIf(List<String> problems, boolean condition, String problem) {
		if (condition) {
			problems.add(problem);
		}
	}

}
