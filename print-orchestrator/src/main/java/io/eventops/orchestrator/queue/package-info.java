/**
 * Per-printer queues and in-flight keys in Redis, completion markers, and the choice of
 * the printer a job goes to.
 */
package io.eventops.orchestrator.queue;
