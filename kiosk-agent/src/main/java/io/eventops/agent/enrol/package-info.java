/**
 * Enrolment (#37): redeeming a one-time code at the edge and writing the kiosk's
 * configuration with the edge certificate pinned, apart from the command line so that
 * every way of enrolling (the CLI today, the screen's first-run page next) takes one
 * path.
 */
package io.eventops.agent.enrol;
