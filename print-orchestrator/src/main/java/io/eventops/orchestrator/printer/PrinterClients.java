package io.eventops.orchestrator.printer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.printer.client.ClientSettings;
import io.eventops.printer.client.ConfirmationPolicy;
import io.eventops.printer.client.PrinterAddress;
import io.eventops.printer.client.ZebraClient;

import org.springframework.stereotype.Component;

/**
 * Hands out one driver client per printer address with the configured timeouts; the
 * driver serialises connections and confirmed prints per address.
 */
@Component
public class PrinterClients {

	private final Map<PrinterAddress, ZebraClient> clients = new ConcurrentHashMap<>();

	private final ClientSettings settings;

	private final ConfirmationPolicy confirmation;

	public PrinterClients(PrintProperties properties) {
		this.settings = new ClientSettings(properties.connectTimeout(), properties.readTimeout());
		this.confirmation = new ConfirmationPolicy(properties.confirmTimeout(), properties.confirmPollInterval());
	}

	/**
	 * The client of a printer.
	 * @param printer the printer
	 * @return its client
	 */
	public ZebraClient of(Printer printer) {
		return this.clients.computeIfAbsent(new PrinterAddress(printer.host(), printer.port()),
				(address) -> new ZebraClient(address, this.settings));
	}

	/**
	 * How long and how often a sent label is polled for confirmation.
	 * @return the policy
	 */
	public ConfirmationPolicy confirmation() {
		return this.confirmation;
	}

}
