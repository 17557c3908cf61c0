/**
 * The one admission decision (invariant 12) and inside-now per area (invariant 13), both
 * pure functions of the compiled policy and an attendee's movements ordered by capture
 * time: any order and duplication of the same movements gives the same answer.
 */
package io.eventops.rules.decision;
