/**
 * An event's policy as ops write it (time zone, days, ticket types, areas with windows,
 * re-entry, rules), its validation with a field path for every invalid part, and the
 * compiled form the decision reads.
 */
package io.eventops.rules.policy;
