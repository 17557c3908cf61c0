package io.eventops.orchestrator.probe;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.failover.FailoverProcedure;
import io.eventops.orchestrator.metrics.PrintMetrics;
import io.eventops.orchestrator.printer.ConfirmationModeProbe;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterClients;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.printer.StatusSnapshot;
import io.eventops.orchestrator.queue.PrintQueues;
import io.eventops.printer.client.ConfirmationMode;
import io.eventops.printer.status.PrinterStatus;
import io.eventops.printer.status.StatusFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Probes one printer ({@code ~HS}, falling back to {@code ~HQES}, and its way of
 * confirming labels), counts failures, records the resulting state and starts failover
 * when the printer is declared DOWN.
 */
@Component
public class HealthProbe {

	private static final Logger logger = LoggerFactory.getLogger(HealthProbe.class);

	private final PrinterRegistry registry;

	private final PrinterClients clients;

	private final ProbeFailures failures;

	private final PrintQueues queues;

	private final FailoverProcedure failover;

	private final PrintMetrics metrics;

	private final PrintProperties properties;

	private final ConfirmationModeProbe modes;

	private final Map<String, Instant> firstMiss = new ConcurrentHashMap<>();

	HealthProbe(PrinterRegistry registry, PrinterClients clients, ProbeFailures failures, PrintQueues queues,
			FailoverProcedure failover, PrintMetrics metrics, PrintProperties properties, ConfirmationModeProbe modes) {
		this.registry = registry;
		this.clients = clients;
		this.failures = failures;
		this.queues = queues;
		this.failover = failover;
		this.metrics = metrics;
		this.properties = properties;
		this.modes = modes;
	}

	/**
	 * Probes a printer once and applies the state machine.
	 * @param printerId the printer
	 */
	public void probe(String printerId) {
		Printer printer = this.registry.find(printerId).orElse(null);
		if (printer == null) {
			return;
		}
		PrinterStatus status = this.clients.of(printer).probe();
		boolean clean = status.readyToPrint() && canConfirm(printer);
		long failed;
		if (clean) {
			this.failures.reset(printerId);
			this.firstMiss.remove(printerId);
			failed = 0;
		}
		else {
			failed = this.failures.increment(printerId);
			this.firstMiss.putIfAbsent(printerId, Instant.now());
		}
		ProbeTransition transition = ProbeTransition.after(printer.state(), clean, failed,
				this.properties.downAfterFailures());
		StatusSnapshot snapshot = StatusSnapshot.of(status);
		boolean changed = transition.next() != printer.state() || failed != printer.consecutiveProbeFailures()
				|| !Objects.equals(snapshot, printer.lastStatus());
		boolean recorded = !changed || this.registry.recordProbe(printerId, printer.state(), transition.next(),
				(int) Math.min(failed, Integer.MAX_VALUE), snapshot);
		this.metrics.printer(printerId, transition.next().ordinal(), this.queues.depth(printerId));
		if (transition.next() != printer.state() && recorded) {
			logger.info("Printer {} {} -> {} after probe ({} failures in a row: {})", printerId, printer.state(),
					transition.next(), failed, status.problems());
		}
		if (transition.wentDown() && recorded && this.properties.autoFailover()) {
			// Invariant 9: N consecutive failed probes, not a blip: drain and
			// re-dispatch.
			this.failover.run(printerId, null, this.firstMiss.getOrDefault(printerId, Instant.now()));
		}
	}

	// Invariant 8: a printer is in service only while it can confirm a label. Its mode is
	// found out before it gets work; a counter printer's counter is read at every probe:
	// answering "?" (a firmware change) it is asked again and confirmed by ~HS from then
	// on, and answering nothing (or no mode found out) the probe fails, so that it goes
	// DOWN and its work moves instead of looping claim, not sent, give back for ever.
	private boolean canConfirm(Printer printer) {
		if (printer.confirmationMode() == null) {
			return this.modes.refresh(printer).isPresent();
		}
		if (printer.confirmationMode() != ConfirmationMode.LABEL_COUNTER) {
			return true;
		}
		try {
			if (this.clients.of(printer).labelCount().isPresent()) {
				return true;
			}
		}
		catch (IOException | StatusFormatException ex) {
			logger.debug("Printer {} did not answer its label counter: {}", printer.printerId(), ex.getMessage());
			return false;
		}
		return this.modes.refresh(printer).isPresent();
	}

}
