/**
 * Access control for one event (issue #35): its policy of ticket types and areas, entry
 * rules in CEL, and the one admission decision that the kiosk agent and the reconciler
 * share (invariant 12). Plain Java: no Spring, no clock, no default time zone or locale
 * (enforced by an architecture test).
 */
package io.eventops.rules;
