/**
 * Who may call what: ops and admins with HTTP Basic.
 */
package io.eventops.orchestrator.security;
