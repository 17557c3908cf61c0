/**
 * Recovery of printers: disable, probe print and enable (invariant 9: a recovered printer
 * returns only after a clean probe and a probe print).
 */
package io.eventops.orchestrator.recovery;
