/**
 * The fleet simulator: N virtual kiosks, each a real agent with its own log, checking
 * attendees in at a set rate through a scripted network outage, then drained and
 * summarized; the drills build on it.
 */
package io.eventops.agent.simulate;
