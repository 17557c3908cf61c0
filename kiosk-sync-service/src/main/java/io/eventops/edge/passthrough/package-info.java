/**
 * Kiosk endpoints the reconciler answers and the edge passes through with the kiosk's
 * context: the attendee snapshot and change stream for kiosk caches (invariant 10), and
 * online express-code redemption.
 */
package io.eventops.edge.passthrough;
