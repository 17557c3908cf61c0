/**
 * Forwarding a checked batch to the reconciler's internal endpoint, with connect and read
 * timeouts, bounded retries and a circuit breaker (resilience4j, wired by hand).
 */
package io.eventops.edge.forward;
