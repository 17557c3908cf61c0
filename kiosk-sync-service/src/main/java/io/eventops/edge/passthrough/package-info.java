/**
 * Kiosk endpoints the reconciler answers and the edge passes through with the kiosk's
 * context: the attendee snapshot and change stream for kiosk caches (invariant 10),
 * online express-code redemption, and the online admission check (issue #35).
 */
package io.eventops.edge.passthrough;
