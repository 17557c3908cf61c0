/**
 * Dispatch pause: ops stop new sends to printers for a while without stopping relay or
 * queueing.
 */
package io.eventops.orchestrator.pause;
