package io.eventops.reconciler.access;

import java.time.Instant;
import java.util.List;

/**
 * When each version of an event's policy came into force, to choose the version an entry
 * is judged under.
 *
 * @param starts the versions, oldest first
 */
public record PolicyTimeline(List<Start> starts) {

	public PolicyTimeline {
		starts = List.copyOf(starts);
	}

	/**
	 * Whether the event has a policy.
	 * @return whether any version was saved
	 */
	public boolean hasPolicy() {
		return !this.starts.isEmpty();
	}

	/**
	 * The version an entry is judged under: the one the kiosk captured it under when the
	 * event has it, else the one in force at its capture, else the first.
	 * @param captured the version the kiosk named, or {@code null}
	 * @param capturedAt the capture time
	 * @return the version, or 0 when the event has no policy
	 */
	public long versionFor(Long captured, Instant capturedAt) {
		if (this.starts.isEmpty()) {
			return 0;
		}
		if (captured != null && this.starts.stream().anyMatch((start) -> start.version() == captured)) {
			return captured;
		}
		long inForce = this.starts.get(0).version();
		for (Start start : this.starts) {
			if (!start.savedAt().isAfter(capturedAt)) {
				inForce = start.version();
			}
		}
		return inForce;
	}

	/**
	 * One version and when it was saved.
	 *
	 * @param version the version
	 * @param savedAt when it came into force
	 */
	public record Start(long version, Instant savedAt) {
	}

}
