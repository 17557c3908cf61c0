package io.eventops.orchestrator.recovery;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.failover.FailoverProcedure;
import io.eventops.orchestrator.failover.FailoverResult;
import io.eventops.orchestrator.printer.ConfirmationModeProbe;
import io.eventops.orchestrator.printer.OperationRefusedException;
import io.eventops.orchestrator.printer.PrintProblem;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterClients;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.printer.PrinterState;
import io.eventops.printer.client.ConfirmationMode;
import io.eventops.printer.client.ConfirmationPolicy;
import io.eventops.printer.client.PrintFence;
import io.eventops.printer.client.PrintResult;
import io.eventops.printer.client.ZebraClient;
import io.eventops.printer.status.PrinterStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Takes printers out and brings them back: disable (and fail its work over), probe print
 * (buffer cleared first), and enable only after a clean probe and a probe print
 * (invariant 9).
 */
@Component
public class PrinterRecovery {

	private static final Logger logger = LoggerFactory.getLogger(PrinterRecovery.class);

	private final PrinterRegistry registry;

	private final PrinterClients clients;

	private final FailoverProcedure failover;

	private final ConfirmationModeProbe modes;

	private final Duration probePrintTimeout;

	private final Duration pollInterval;

	PrinterRecovery(PrinterRegistry registry, PrinterClients clients, FailoverProcedure failover,
			ConfirmationModeProbe modes, PrintProperties properties) {
		this.registry = registry;
		this.clients = clients;
		this.failover = failover;
		this.modes = modes;
		this.probePrintTimeout = properties.probePrintTimeout();
		this.pollInterval = properties.confirmPollInterval();
	}

	/**
	 * Disables a printer and moves its work elsewhere.
	 * @param printerId the printer
	 * @return the failover's result
	 */
	public FailoverResult disable(String printerId) {
		this.registry.require(printerId);
		this.registry.takeOut(printerId, PrinterState.DISABLED);
		logger.info("Printer {} disabled", printerId);
		return this.failover.run(printerId, null, Instant.now());
	}

	/**
	 * Prints a test label on an out printer after clearing its buffer with {@code ~JA},
	 * and records it when the printer confirms it.
	 * @param printerId the printer
	 * @return when the probe print was confirmed
	 * @throws OperationRefusedException when the printer is in service, or did not
	 * confirm the label
	 */
	public Instant probePrint(String printerId) {
		Printer printer = this.registry.require(printerId);
		if (!printer.state().out()) {
			throw OperationRefusedException.conflict(PrintProblem.PRINTER_IN_SERVICE, "Printer '" + printerId + "' is "
					+ printer.state() + "; probe prints are for DOWN or DISABLED" + " printers.");
		}
		ZebraClient client = this.clients.of(printer);
		long deadline = System.nanoTime() + this.probePrintTimeout.toNanos();
		try {
			// invariant 9: whatever it still buffers from before must not come out later;
			// the driver sends ~JA under the printer's print lock, never mid-confirmation
			client.cancelAll();
		}
		catch (IOException ex) {
			throw probePrintFailed(printerId, "the printer did not accept ~JA");
		}
		awaitIdle(client, printerId, deadline);
		// re-probed: a repaired printer may have new firmware, with or without the
		// counter
		ConfirmationMode mode = this.modes.refresh(printer)
			.orElseThrow(() -> probePrintFailed(printerId, "the printer did not say how it confirms labels"));
		Duration remaining = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
		PrintResult result = client.print(testLabel(printerId), new ConfirmationPolicy(remaining, this.pollInterval),
				mode, PrintFence.NONE);
		if (!result.printed()) {
			throw probePrintFailed(printerId, "the test label was not confirmed (" + result.outcome() + ")");
		}
		Instant at = this.registry.markProbePrinted(printerId);
		logger.info("Printer {} confirmed its probe print", printerId);
		return at;
	}

	/**
	 * Brings an out printer back into service.
	 * @param printerId the printer
	 * @return the printer, UP
	 * @throws OperationRefusedException unless it is out, its latest probe was clean, and
	 * a probe print confirmed after it went out
	 */
	public Printer enable(String printerId) {
		Printer printer = this.registry.require(printerId);
		if (!printer.state().out()) {
			throw OperationRefusedException.conflict(PrintProblem.PRINTER_IN_SERVICE,
					"Printer '" + printerId + "' is " + printer.state() + ", not DOWN or DISABLED.");
		}
		if (!printer.lastProbeClean()) {
			throw OperationRefusedException.conflict(PrintProblem.PROBE_NOT_CLEAN,
					"Printer '" + printerId + "' did not pass its latest probe.");
		}
		if (!printer.probePrintedSinceOut()) {
			throw OperationRefusedException.conflict(PrintProblem.PROBE_PRINT_REQUIRED,
					"Printer '" + printerId + "' needs a confirmed probe print since it went " + printer.state() + ".");
		}
		// under the printer's failover lock: a failover decided on the state before this
		// enable must not run after it (invariant 9)
		if (!this.failover.exclusively(printerId, () -> this.registry.enable(printerId))) {
			throw OperationRefusedException.conflict(PrintProblem.PRINTER_CHANGED,
					"Printer '" + printerId + "' changed meanwhile; check it and try again.");
		}
		logger.info("Printer {} enabled", printerId);
		return this.registry.require(printerId);
	}

	private void awaitIdle(ZebraClient client, String printerId, long deadline) {
		while (true) {
			PrinterStatus status = client.probe();
			if (status.readyToPrint() && status.idle()) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw probePrintFailed(printerId, "the printer did not become ready and idle: " + status.problems());
			}
			try {
				TimeUnit.NANOSECONDS.sleep(this.pollInterval.toNanos());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw probePrintFailed(printerId, "interrupted");
			}
		}
	}

	private static OperationRefusedException probePrintFailed(String printerId, String why) {
		return OperationRefusedException.conflict(PrintProblem.PROBE_PRINT_FAILED,
				"Probe print on printer '" + printerId + "' failed: " + why + ".");
	}

	private static String testLabel(String printerId) {
		String name = printerId.replaceAll("[^A-Za-z0-9_.:-]", "_");
		return "^XA\n^FXprobe-print^FS\n^CI28\n^FO40,40^A0N,40,40^FDPROBE PRINT " + name + "^FS\n^PQ1\n^XZ\n";
	}

}
