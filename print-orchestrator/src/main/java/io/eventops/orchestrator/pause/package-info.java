/**
 * Dispatch pause: ops stop new sends to printers for a while without stopping relay or
 * queueing; and the admin API that pauses and resumes.
 */
package io.eventops.orchestrator.pause;
