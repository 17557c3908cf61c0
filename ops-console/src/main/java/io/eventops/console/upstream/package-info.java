/**
 * The console's link to the three services: their addresses and timeouts, a small typed
 * client per service, the logged-in user's own credentials on every call, and the
 * services' RFC 9457 problems handed back to the page as they came.
 */
package io.eventops.console.upstream;
