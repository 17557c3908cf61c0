/**
 * Who may call what: kiosks with their bearer token (each on its own paths only), ops and
 * admins with HTTP Basic.
 */
package io.eventops.edge.security;
