/**
 * The help-desk console (#41): a page for ops staff, served with a small API that calls
 * the reconciler, the print orchestrator and the edge server-side with the logged-in
 * user's own account, so the services decide what the user may do. It keeps no state of
 * its own: sessions live in Redis, everything else in the services.
 */
package io.eventops.console;
