/**
 * The flush endpoint: whole-request checks (size, content type, JSON shape, entry count),
 * per-entry schema and time-rule checks, forwarding, and the acknowledgement (invariant
 * 6).
 */
package io.eventops.edge.flush;
