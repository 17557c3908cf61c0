/**
 * Screen 3, "Kiosks": each kiosk's contact, backlog, gaps, clock offset and agent version
 * as the edge reports them, enrolment of a new kiosk (its code and QR) and revocation.
 */
package io.eventops.console.kiosks;
