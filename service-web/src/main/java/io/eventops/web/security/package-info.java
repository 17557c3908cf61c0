/**
 * What every service's security shares: the stateless chain whose refusals are RFC 9457
 * problems, with failed logins throttled, and the internal token the services present to
 * each other on {@code /internal/**}.
 */
package io.eventops.web.security;
