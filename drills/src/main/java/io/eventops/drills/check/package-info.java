/**
 * Invariant checks after a drill: what the kiosks recorded against what the reconciler,
 * the edge and the print ledger hold, each check a named pass/fail with expected and
 * actual values.
 */
package io.eventops.drills.check;
