package io.eventops.reconciler.stream;

import tools.jackson.databind.JsonNode;

/**
 * The policy version a kiosk cache decides with (issue #35).
 *
 * @param version the version
 * @param policy the policy as saved
 */
public record PolicyState(long version, JsonNode policy) {
}
