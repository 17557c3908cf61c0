/**
 * Entry rules in Google's Common Expression Language: one typed, cost-bounded
 * environment, expressions compiled and type-checked once and evaluated many times from
 * the same compiled program on kiosk and server.
 */
package io.eventops.rules.cel;
