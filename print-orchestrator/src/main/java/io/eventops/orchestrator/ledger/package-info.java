/**
 * The print ledger {@code printing.print_jobs}: the durable record of every badge job and
 * whether a printer confirmed it; Redis queues are rebuilt from it when Redis loses
 * everything. Its HTTP reads: the admin job search and the internal badge status the edge
 * asks for.
 */
package io.eventops.orchestrator.ledger;
