/**
 * Screen 5, "Quarantine": the entries the reconciler rejected, by kiosk and reason, and
 * their re-drive.
 */
package io.eventops.console.quarantine;
