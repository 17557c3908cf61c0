/**
 * Printers and pools: the registry of printers, their health as last probed, and the
 * driver clients that talk to them.
 */
package io.eventops.orchestrator.printer;
