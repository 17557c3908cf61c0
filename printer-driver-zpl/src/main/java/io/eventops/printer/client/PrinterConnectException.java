package io.eventops.printer.client;

import java.io.IOException;

/**
 * Thrown when no TCP connection to a printer could be opened, so nothing was sent to it.
 */
public class PrinterConnectException extends IOException {

	/**
	 * Creates the exception.
	 * @param message which printer and why
	 * @param cause the socket error
	 */
	public PrinterConnectException(String message, Throwable cause) {
		super(message, cause);
	}

}
