/**
 * Printer status: what a Zebra printer reports about itself ({@code ~HS}, {@code ~HQES},
 * {@code ~HI}), parsed into values, and when a printer counts as ready to print.
 */
package io.eventops.printer.status;
