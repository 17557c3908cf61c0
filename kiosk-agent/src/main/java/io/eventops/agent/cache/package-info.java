/**
 * The kiosk's local attendee cache, kept in step with the server by a snapshot and the
 * changes after it, each applied only when its {@code streamSeq} is newer than the last
 * one applied (invariant 10); it lets an offline kiosk warn "already checked in at
 * kiosk-03".
 */
package io.eventops.agent.cache;
