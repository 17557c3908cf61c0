/**
 * The kiosk's durable, append-only check-in log in SQLite: entries, the acknowledged
 * watermark, per-entry results and dead letters.
 */
package io.eventops.agent.log;
