/**
 * Health probes: the probe state machine (UP, SUSPECT, DOWN after N consecutive failures)
 * and the probe that feeds it.
 */
package io.eventops.orchestrator.probe;
