package io.eventops.model.reconcile;

import java.util.List;

import io.eventops.model.flush.EntryResult;

/**
 * The reconciler's outcomes for a batch, answered only after it committed (invariant 6).
 *
 * @param results one result per entry, in the request's order
 */
public record ReconcileResponse(List<EntryResult> results) {

	public ReconcileResponse {
		results = List.copyOf(results);
	}

}
