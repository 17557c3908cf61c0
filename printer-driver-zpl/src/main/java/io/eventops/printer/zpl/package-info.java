/**
 * Badge labels: the layout model of one attendee badge and its rendering to one ZPL II
 * format, with all user text escaped so that no input can inject a printer command.
 */
package io.eventops.printer.zpl;
