package io.eventops.reconciler.stream;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One change of the stream.
 *
 * @param streamSeq its position; strictly increasing in the order readers see changes
 * commit
 * @param kind what happened
 * @param attendee the attendee's state after the change; {@code null} for a
 * {@code POLICY} change, and then written as {@code null}
 * @param policy the new policy version of a {@code POLICY} change; else {@code null} (and
 * absent)
 */
public record Change(long streamSeq, ChangeKind kind, @JsonInclude(JsonInclude.Include.ALWAYS) AttendeeState attendee,
		PolicyState policy) {

	public Change(long streamSeq, ChangeKind kind, AttendeeState attendee) {
		this(streamSeq, kind, attendee, null);
	}

}
