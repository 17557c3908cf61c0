/**
 * Printer agents: one prober and dispatcher per printer in the cluster, chosen by a Redis
 * lease, so that two replicas never send to the same printer.
 */
package io.eventops.orchestrator.agent;
