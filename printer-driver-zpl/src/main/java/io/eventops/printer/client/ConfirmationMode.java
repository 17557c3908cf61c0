package io.eventops.printer.client;

/**
 * How a printer proves that a label came out (ARCHITECTURE invariant 8).
 */
public enum ConfirmationMode {

	/**
	 * The printer's own label counter {@code odometer.total_label_count} moved by the
	 * job's labels: the best evidence, it moves only for a label really printed.
	 */
	LABEL_COUNTER,

	/**
	 * {@code ~HS} showed the format busy and then idle and ready, with nothing in between
	 * that voids it: the fallback for printers without the counter, and weaker, since a
	 * format dropped by CANCEL or {@code ~JA} looks the same.
	 */
	HOST_STATUS

}
