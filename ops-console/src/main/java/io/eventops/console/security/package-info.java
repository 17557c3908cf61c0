/**
 * Who uses the console: form login with the suite's {@code ops} and {@code admin}
 * accounts, a session in Redis, CSRF on every change, and the answer to "who am I" that
 * the page uses to offer only what the role allows.
 */
package io.eventops.console.security;
