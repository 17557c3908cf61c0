/**
 * Throttling of failed HTTP Basic logins per user at each client address and per user
 * from every address, shared by every replica of a service through Redis (one Lua script
 * per attempt), failing open when Redis is unreachable.
 */
package io.eventops.web.login;
