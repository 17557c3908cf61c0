/**
 * Idempotency claims in Redis: the fast path in front of the PostgreSQL guard. A claim is
 * a short lease until the batch commits, then a long-lived {@code done} marker
 * (invariants 1, 2).
 */
package io.eventops.reconciler.claim;
