/**
 * The kiosk-facing badge status: the edge asks the print orchestrator's internal read
 * over the internal hop (the orchestrator owns the print ledger) and answers the kiosk in
 * its own terms, for its own event only.
 */
package io.eventops.edge.badge;
