/**
 * Help-desk actions on one attendee: corrections (origin DESK, which no later kiosk write
 * can undo) and explicit reprints (a new credential).
 */
package io.eventops.reconciler.correction;
