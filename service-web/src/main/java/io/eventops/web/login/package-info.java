/**
 * Throttling of failed HTTP Basic logins per client address, shared by every replica of a
 * service through Redis (bucket4j's Lettuce integration), failing open when Redis is
 * unreachable.
 */
package io.eventops.web.login;
