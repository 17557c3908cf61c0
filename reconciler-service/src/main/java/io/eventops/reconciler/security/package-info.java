/**
 * Who may call what: ops and admins with HTTP Basic, the edge with an internal bearer
 * token.
 */
package io.eventops.reconciler.security;
