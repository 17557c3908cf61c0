/**
 * The kiosk agent's library API: a durable check-in log that flushes itself to the edge.
 */
package io.eventops.agent;
