/**
 * Printer agents: one prober and dispatcher per printer in the cluster, chosen by a Redis
 * lease, so that two replicas never send to the same printer; and the printer admin API:
 * register, list, fail over, probe print, enable and disable a printer.
 */
package io.eventops.orchestrator.agent;
