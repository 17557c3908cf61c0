/**
 * One-time express codes for a group of attendees, redeemed online at a shared desk: a
 * compare-and-set claim lease before any write, the client's submission id and the result
 * stored on the code, and check-ins with deterministic keys so that a resumed attempt
 * never creates a twin.
 */
package io.eventops.reconciler.express;
