/**
 * The drills' kiosk fleet: real kiosk agents with their own SQLite logs, per-kiosk
 * network switches, a kiosk-side HTTP client that times every batch and injects lost
 * acks, duplicated and reordered batches, and preparation of the backlogs before the
 * clock starts.
 */
package io.eventops.drills.fleet;
