package io.eventops.agent.cache;

/**
 * The event's access-control policy as the cache stores it: the version the server
 * numbered it with and its JSON (an entry-rules {@code EventPolicy}).
 *
 * @param version the policy version (at least 1)
 * @param json the policy's JSON
 */
public record CachedPolicy(long version, String json) {
}
