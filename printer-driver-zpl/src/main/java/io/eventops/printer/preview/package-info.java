/**
 * Badge previews: the same layout the printer gets, drawn as a PNG for ops screens.
 */
package io.eventops.printer.preview;
