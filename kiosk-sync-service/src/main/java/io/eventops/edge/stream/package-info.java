/**
 * What kiosk caches' long polls and Server-Sent Event streams cost this replica: a
 * bounded number of slots per kiosk and in total, and a cheap wait for the next change,
 * woken by the reconciler's change notifications with a slow safety poll behind them
 * (invariants 10 and 11).
 */
package io.eventops.edge.stream;
