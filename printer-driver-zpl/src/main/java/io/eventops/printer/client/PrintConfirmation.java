package io.eventops.printer.client;

import java.io.IOException;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.eventops.printer.status.PrinterStatus;
import io.eventops.printer.status.StatusFormatException;

/**
 * The send-then-confirm procedure behind {@link ZebraClient#print}: a label is printed
 * only when the printer says so (ARCHITECTURE invariant 8, "a job is done only when the
 * printer confirmed it"; its best evidence is the label counter having moved).
 */
final class PrintConfirmation {

	private static final Pattern PRINT_QUANTITY = Pattern.compile("\\^PQ(\\d{1,8})");

	// Idle with the counter unmoved this many polls in a row before a format counts as
	// dropped: one reading could fall between the label leaving the buffer and the
	// counter being written on a real printer.
	private static final int DROPPED_AFTER = 2;

	private PrintConfirmation() {
	}

	static PrintResult print(ZebraClient client, String zpl, ConfirmationPolicy policy, ConfirmationMode mode,
			PrintFence fence) {
		long deadline = System.nanoTime() + policy.timeout().toNanos();
		PrinterStatus before = client.probe();
		if (!before.readyToPrint()) {
			return new PrintResult(PrintOutcome.NOT_SENT, "printer not ready: " + before.problems(), before);
		}
		if (!before.idle()) {
			// Whatever is still buffered belongs to an earlier, unconfirmed job:
			// confirming this one by "buffer empty" would be confirming both.
			return new PrintResult(PrintOutcome.NOT_SENT, "printer busy: " + before.formatsInBuffer()
					+ " formats buffered, " + before.labelsRemaining() + " labels remaining", before);
		}
		Long countBefore = null;
		if (mode == ConfirmationMode.LABEL_COUNTER) {
			try {
				OptionalLong count = client.labelCount();
				if (count.isEmpty()) {
					return new PrintResult(PrintOutcome.NOT_SENT,
							"printer no longer answers the label counter (answers \"?\"): probe it again", before);
				}
				countBefore = count.getAsLong();
			}
			catch (IOException | StatusFormatException ex) {
				return new PrintResult(PrintOutcome.NOT_SENT, "label counter not read: " + ex.getMessage(), before);
			}
		}
		if (!fence.beforeSend(countBefore)) {
			return new PrintResult(PrintOutcome.NOT_SENT, "the job is no longer this printer's attempt", before);
		}
		try {
			client.send(zpl);
		}
		catch (PrinterConnectException ex) {
			return new PrintResult(PrintOutcome.NOT_SENT, ex.getMessage(), PrinterStatus.unreachable(ex.getMessage()));
		}
		catch (IOException ex) {
			return new PrintResult(PrintOutcome.UNKNOWN, "connection failed while sending: " + ex.getMessage(),
					PrinterStatus.unreachable(ex.getMessage()), null, countBefore, null);
		}
		if (countBefore != null) {
			return byCounter(client, policy, deadline, fence, countBefore, labels(zpl));
		}
		return byHostStatus(client, policy, deadline, fence);
	}

	/**
	 * How many labels a format prints: its {@code ^PQ} quantity, 1 without one.
	 * @param zpl the format
	 * @return the labels
	 */
	static int labels(String zpl) {
		Matcher quantity = PRINT_QUANTITY.matcher(zpl);
		return quantity.find() ? Math.max(1, Integer.parseInt(quantity.group(1))) : 1;
	}

	// The counter decides. A lost connection is a reason to reconnect and read it again,
	// not a verdict: a blip shorter than the timeout neither loses nor duplicates the
	// label.
	private static PrintResult byCounter(ZebraClient client, ConfirmationPolicy policy, long deadline, PrintFence fence,
			long before, int labels) {
		int idleUnmoved = 0;
		Long after = null;
		PrinterStatus status = PrinterStatus.unreachable("not read yet");
		while (true) {
			if (!fence.stillAssigned()) {
				return abandoned(status, before, after);
			}
			OptionalLong count = OptionalLong.empty();
			boolean counted;
			try {
				count = client.labelCount();
				counted = count.isPresent();
			}
			catch (IOException | StatusFormatException ex) {
				counted = false;
			}
			status = client.probe();
			if (counted) {
				after = count.getAsLong();
				long moved = after - before;
				if (moved >= labels) {
					if (!fence.stillAssigned()) {
						return abandoned(status, before, after);
					}
					return new PrintResult(PrintOutcome.PRINTED, "label counter moved from " + before + " to " + after,
							status, ConfirmationMode.LABEL_COUNTER, before, after);
				}
				if (moved < 0) {
					return new PrintResult(PrintOutcome.UNKNOWN,
							"label counter went back from " + before + " to " + after, status, null, before, after);
				}
				if (moved == 0 && status.readyToPrint() && status.idle()) {
					idleUnmoved++;
				}
				else {
					idleUnmoved = 0;
				}
				if (idleUnmoved >= DROPPED_AFTER) {
					return new PrintResult(PrintOutcome.DROPPED,
							"printer idle and ready, label counter still " + after + ": the format was dropped", status,
							null, before, after);
				}
			}
			else {
				idleUnmoved = 0;
			}
			if (status.reachable() && status.hasFault()) {
				// the label may still come out once an operator fixes it; the counter
				// read before the send lets the caller find out later
				return new PrintResult(PrintOutcome.UNKNOWN,
						"printer faulted before the counter moved: " + status.problems(), status, null, before, after);
			}
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				return new PrintResult(
						PrintOutcome.UNKNOWN, "label counter did not move within " + policy.timeout() + " (last "
								+ after + ", before " + before + "): " + status.problems(),
						status, null, before, after);
			}
			if (!pause(remaining, policy)) {
				return new PrintResult(PrintOutcome.UNKNOWN, "interrupted while confirming", status, null, before,
						after);
			}
		}
	}

	// Busy, then idle and ready. Anything in between that is not a clean reading (a lost
	// connection, which may be a restart, or a pause during which CANCEL can drop the
	// format) voids the busy seen so far: only a busy seen after it counts.
	private static PrintResult byHostStatus(ZebraClient client, ConfirmationPolicy policy, long deadline,
			PrintFence fence) {
		boolean seenBusy = false;
		PrinterStatus status = PrinterStatus.unreachable("not read yet");
		while (true) {
			if (!fence.stillAssigned()) {
				return abandoned(status, null, null);
			}
			status = client.probe();
			if (status.reachable() && status.hasFault()) {
				return new PrintResult(PrintOutcome.UNKNOWN, "printer failed before confirming: " + status.problems(),
						status);
			}
			if (!status.readyToPrint()) {
				seenBusy = false;
			}
			else if (!status.idle()) {
				seenBusy = true;
			}
			else if (seenBusy) {
				if (!fence.stillAssigned()) {
					return abandoned(status, null, null);
				}
				return new PrintResult(PrintOutcome.PRINTED, "printer busy, then idle and ready after the format",
						status, ConfirmationMode.HOST_STATUS, null, null);
			}
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				return new PrintResult(PrintOutcome.UNKNOWN,
						"not confirmed within " + policy.timeout() + ": " + status.formatsInBuffer()
								+ " formats buffered, " + status.labelsRemaining() + " labels remaining "
								+ status.problems() + (seenBusy ? "" : ", no busy-then-idle seen since the last break"),
						status);
			}
			if (!pause(remaining, policy)) {
				return new PrintResult(PrintOutcome.UNKNOWN, "interrupted while confirming", status);
			}
		}
	}

	private static PrintResult abandoned(PrinterStatus status, Long before, Long after) {
		return new PrintResult(PrintOutcome.UNKNOWN,
				"confirmation abandoned: the job is no longer this printer's attempt", status, null, before, after);
	}

	private static boolean pause(long remainingNanos, ConfirmationPolicy policy) {
		try {
			TimeUnit.NANOSECONDS.sleep(Math.min(remainingNanos, policy.pollInterval().toNanos()));
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
