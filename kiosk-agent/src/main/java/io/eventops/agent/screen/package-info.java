/**
 * The kiosk screen: the attendee-facing check-in app (static ES modules from the jar) and
 * the small JSON API it talks to, served by {@code kiosk-agent serve} on 127.0.0.1 only.
 * The screen never talks to the edge; a check-in is confirmed only after the agent's log
 * committed it (fsync).
 */
package io.eventops.agent.screen;
