package io.eventops.printer.client;

import java.util.Objects;

/**
 * Where a printer listens for raw ZPL.
 *
 * @param host host name or IP address
 * @param port TCP port, 9100 on Zebra printers
 */
public record PrinterAddress(String host, int port) {

	/** The raw printing port of Zebra print servers. */
	public static final int RAW_PORT = 9100;

	public PrinterAddress {
		Objects.requireNonNull(host, "host");
		if (port < 1 || port > 65535) {
			throw new IllegalArgumentException("port must be 1..65535");
		}
	}

	@Override
	public String toString() {
		return this.host + ":" + this.port;
	}

}
