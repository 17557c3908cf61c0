/**
 * Metrics of printers, prints and failovers.
 */
package io.eventops.orchestrator.metrics;
