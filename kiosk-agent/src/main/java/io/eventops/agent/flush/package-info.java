/**
 * Draining the log to the edge: batches in seq order above the watermark, the watermark
 * advanced only to the edge's acknowledgement, bisection of whole-request refusals to a
 * dead letter, the sync-state bootstrap of a fresh log, and the background loop.
 */
package io.eventops.agent.flush;
