/**
 * Failover: take a dead printer's in-flight job and queue and re-dispatch each through
 * the completion gate (invariant 9).
 */
package io.eventops.orchestrator.failover;
