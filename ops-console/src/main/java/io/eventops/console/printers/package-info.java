/**
 * Screen 4, "Printers": each printer's state and queue, the jobs whose outcome is unknown
 * or possibly duplicated, and the orchestrator's actions (failover, probe print, enable,
 * disable, pause and resume dispatch).
 */
package io.eventops.console.printers;
