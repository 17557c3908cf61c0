/**
 * Rebuilding the Redis dispatch plane from the print ledger after Redis lost everything
 * or a replica crashed between commit and push.
 */
package io.eventops.orchestrator.rebuild;
