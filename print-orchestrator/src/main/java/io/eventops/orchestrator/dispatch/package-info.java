/**
 * Dispatch: one unconfirmed job per printer, gated on the completion marker and the
 * ledger, done only when the printer confirmed it (invariant 8).
 */
package io.eventops.orchestrator.dispatch;
