package io.eventops.reconciler.stream;

/**
 * One change of the stream.
 *
 * @param streamSeq its position; strictly increasing in the order readers see changes
 * commit
 * @param kind what happened
 * @param attendee the attendee's state after the change
 */
public record Change(long streamSeq, ChangeKind kind, AttendeeState attendee) {
}
