/**
 * Kiosks: provisioning and revocation, bearer tokens (stored only as hashes), and each
 * kiosk's sync state (watermark, gaps, backlog, outcome and flag counts).
 */
package io.eventops.edge.kiosk;
