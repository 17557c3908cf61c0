package io.eventops.printer.virtual;

import java.time.Instant;
import java.util.Objects;

import io.eventops.printer.zpl.LabelTrace;

/**
 * A label the virtual printer finished, traced to its job by the format's {@code ^FX}
 * comment.
 *
 * @param printer the printer's name
 * @param trace the ids from the trace comment, {@link LabelTrace#NONE} when it had none
 * @param zpl the format as received
 * @param printedAt when the label came out
 */
public record PrintedLabel(String printer, LabelTrace trace, String zpl, Instant printedAt) {

	public PrintedLabel {
		Objects.requireNonNull(printer, "printer");
		Objects.requireNonNull(trace, "trace");
		Objects.requireNonNull(zpl, "zpl");
		Objects.requireNonNull(printedAt, "printedAt");
	}

	/**
	 * The job id of the trace comment.
	 * @return the job id, empty when untraced
	 */
	public String jobId() {
		return this.trace.jobId();
	}

	/**
	 * The attendee id of the trace comment.
	 * @return the attendee id, empty when untraced
	 */
	public String attendeeId() {
		return this.trace.attendeeId();
	}

	/**
	 * The credential version of the trace comment.
	 * @return the version, -1 when untraced
	 */
	public int credentialVersion() {
		return this.trace.credentialVersion();
	}

}
