package io.eventops.orchestrator.printer;

import java.io.IOException;
import java.util.Optional;

import io.eventops.printer.client.ConfirmationMode;
import io.eventops.printer.status.StatusFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Finds out how a printer proves a label out, its label counter or the weaker {@code ~HS}
 * fallback (invariant 8), and records it in the registry; asked at registration, by the
 * probes while it is unknown, and when a probe print re-probes a printer.
 */
@Component
public class ConfirmationModeProbe {

	private static final Logger logger = LoggerFactory.getLogger(ConfirmationModeProbe.class);

	private final PrinterRegistry registry;

	private final PrinterClients clients;

	ConfirmationModeProbe(PrinterRegistry registry, PrinterClients clients) {
		this.registry = registry;
		this.clients = clients;
	}

	/**
	 * Asks the printer and records the answer.
	 * @param printer the printer
	 * @return its mode, empty when it could not be asked (unreachable); the record is
	 * then left as it was
	 */
	public Optional<ConfirmationMode> refresh(Printer printer) {
		ConfirmationMode mode;
		try {
			mode = this.clients.of(printer).confirmationMode();
		}
		catch (IOException | StatusFormatException ex) {
			logger.debug("Could not ask printer {} for its label counter: {}", printer.printerId(), ex.getMessage());
			return Optional.empty();
		}
		if (mode != printer.confirmationMode()) {
			this.registry.recordConfirmationMode(printer.printerId(), mode);
			if (mode == ConfirmationMode.HOST_STATUS) {
				logger.warn("Printer {} has no label counter (odometer.total_label_count answers \"?\"): its labels"
						+ " are confirmed by ~HS busy-then-idle, weaker evidence", printer.printerId());
			}
			else {
				logger.info("Printer {} confirms labels by its label counter", printer.printerId());
			}
		}
		return Optional.of(mode);
	}

}
