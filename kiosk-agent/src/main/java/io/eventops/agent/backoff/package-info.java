/**
 * When to try again: exponential backoff with jitter that honours {@code Retry-After},
 * and a wait that a new check-in cuts short.
 */
package io.eventops.agent.backoff;
