/**
 * Access control of an event (issue #35, invariant 12): its versioned policy, the
 * compiled policies a replica caches by version, the online admission check, the server's
 * judgement of every admission with the venue-wide history, and what ops see of the rule
 * overrides and the areas.
 */
package io.eventops.reconciler.access;
