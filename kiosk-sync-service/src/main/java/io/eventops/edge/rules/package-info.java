/**
 * The time rules (stale replay, clock skew, rate anomaly, double tap), checked on each
 * entry's capture and queue time and never on delivery time (invariant 5). The rules are
 * plain Java; only their settings binding touches Spring.
 */
package io.eventops.edge.rules;
