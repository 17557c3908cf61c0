package io.eventops.reconciler.access;

import java.time.Instant;

import tools.jackson.databind.JsonNode;

/**
 * One saved version of an event's policy, as ops read it.
 *
 * @param version the version (1, 2, 3, ... per event)
 * @param savedBy the principal who saved it
 * @param savedAt when it was saved
 * @param policy the policy as saved, with its version
 */
public record StoredPolicy(long version, String savedBy, Instant savedAt, JsonNode policy) {

	/**
	 * A version without its policy, for the list of versions.
	 *
	 * @param version the version
	 * @param savedBy who saved it
	 * @param savedAt when
	 */
	public record Summary(long version, String savedBy, Instant savedAt) {
	}

}
