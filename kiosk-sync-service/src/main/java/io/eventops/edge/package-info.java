/**
 * The kiosk edge (kiosk-sync-service): authenticates kiosks over HTTPS, checks each
 * flushed entry by schema and time rules, forwards batches to the reconciler and tracks
 * every kiosk's watermark.
 */
package io.eventops.edge;
