/**
 * The internal contract between the edge and the reconciler: a validated batch of one
 * kiosk in, per-entry outcomes out. Not public: the reconciler guards it with an internal
 * credential.
 */
package io.eventops.model.reconcile;
