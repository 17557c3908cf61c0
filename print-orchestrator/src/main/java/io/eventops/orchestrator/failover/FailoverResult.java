package io.eventops.orchestrator.failover;

import java.util.List;
import java.util.UUID;

/**
 * What one failover did.
 *
 * @param moved jobs taken off the dead printer (onto a backup, or back to PENDING when
 * the pool had no UP printer)
 * @param skipped jobs not moved: confirmed printed, or held by another printer by now
 * @param deadDepth what the dead printer still holds (queue plus in-flight); failover is
 * complete at 0 (invariant 9)
 */
public record FailoverResult(List<UUID> moved, List<UUID> skipped, long deadDepth) {

	public FailoverResult {
		moved = List.copyOf(moved);
		skipped = List.copyOf(skipped);
	}

}
