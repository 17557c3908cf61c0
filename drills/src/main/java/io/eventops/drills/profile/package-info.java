/**
 * Where the time goes: the services' own batch timers from Prometheus (before and after a
 * run), and the hottest frames of the JFR execution samples taken during it.
 */
package io.eventops.drills.profile;
