package io.eventops.printer.status;

/**
 * Thrown when a printer's reply to a status query does not have the documented layout.
 */
public class StatusFormatException extends RuntimeException {

	/**
	 * Creates the exception.
	 * @param message what was wrong with the reply
	 */
	public StatusFormatException(String message) {
		super(message);
	}

}
