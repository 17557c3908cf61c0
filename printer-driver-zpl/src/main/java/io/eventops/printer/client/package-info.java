/**
 * The raw TCP 9100 client: sends formats to a Zebra printer, reads its status, and
 * confirms that a sent label really came out before anyone calls it printed.
 */
package io.eventops.printer.client;
