/**
 * The relay from the reconciler's badge-job outbox feed into the print ledger and onto
 * printer queues.
 */
package io.eventops.orchestrator.relay;
