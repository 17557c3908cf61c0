/**
 * The print orchestrator: moves badge jobs from the reconciler's outbox onto printers and
 * makes sure every badge comes out of exactly one printer, also when printers die.
 */
package io.eventops.orchestrator;
