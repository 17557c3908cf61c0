package io.eventops.printer.status;

/**
 * Where a {@link PrinterStatus} came from, which decides how much of it is known.
 */
public enum StatusSource {

	/** A full {@code ~HS} reply: flags and buffer counts are known. */
	HOST_STATUS,

	/**
	 * {@code ~HS} got no reply (printers stay silent in an error state) but {@code ~HQES}
	 * answered: error flags are known, buffer counts are not.
	 */
	EXTENDED_STATUS,

	/** Neither query could be read: the printer is down, refusing or garbling. */
	NONE

}
