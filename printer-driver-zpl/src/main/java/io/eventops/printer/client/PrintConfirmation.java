package io.eventops.printer.client;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.eventops.printer.status.PrinterStatus;

/**
 * The send-then-confirm procedure behind {@link ZebraClient#print}: a label is printed
 * only when the printer says so (ARCHITECTURE invariant 8, "a job is done only when the
 * printer confirmed it").
 */
final class PrintConfirmation {

	private PrintConfirmation() {
	}

	static PrintResult print(ZebraClient client, String zpl, ConfirmationPolicy policy) {
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
		try {
			client.send(zpl);
		}
		catch (PrinterConnectException ex) {
			return new PrintResult(PrintOutcome.NOT_SENT, ex.getMessage(), PrinterStatus.unreachable(ex.getMessage()));
		}
		catch (IOException ex) {
			return new PrintResult(PrintOutcome.UNKNOWN, "connection failed while sending: " + ex.getMessage(),
					PrinterStatus.unreachable(ex.getMessage()));
		}
		return confirm(client, policy, deadline);
	}

	private static PrintResult confirm(ZebraClient client, ConfirmationPolicy policy, long deadline) {
		while (true) {
			PrinterStatus status = client.probe();
			if (!status.reachable() || status.hasFault()) {
				return new PrintResult(PrintOutcome.UNKNOWN, "printer failed before confirming: " + status.problems(),
						status);
			}
			if (status.readyToPrint() && status.idle()) {
				return new PrintResult(PrintOutcome.PRINTED, "printer idle and ready after the format", status);
			}
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				return new PrintResult(PrintOutcome.UNKNOWN,
						"not confirmed within " + policy.timeout() + ": " + status.formatsInBuffer()
								+ " formats buffered, " + status.labelsRemaining() + " labels remaining "
								+ status.problems(),
						status);
			}
			try {
				TimeUnit.NANOSECONDS.sleep(Math.min(remaining, policy.pollInterval().toNanos()));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return new PrintResult(PrintOutcome.UNKNOWN, "interrupted while confirming", status);
			}
		}
	}

}
