/**
 * The reconnect thundering herd: K kiosks with M entries each queued during an outage
 * flush at the same moment through the edge; measured against the raw and naive baselines
 * on the same entries, then checked against the invariants.
 */
package io.eventops.drills.herd;
