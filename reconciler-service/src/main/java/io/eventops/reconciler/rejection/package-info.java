/**
 * The quarantine: every rejected entry as received, listed for ops and re-drivable once
 * the cause is fixed (an import, say).
 */
package io.eventops.reconciler.rejection;
