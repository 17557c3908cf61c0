package io.eventops.reconciler.checkin;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.stream.ChangeKind;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Applies one server-issued entry (an annulment ops asked for, #36) through the
 * statements of the batch path, inside the caller's transaction. Its key is the server's
 * ({@code desk:annul:{seq}}, which no kiosk key can spell), so no kiosk replays it: the
 * durable guard alone keeps it exactly once (invariant 1), and no Redis claim stands in
 * front of it.
 */
@Component
public class ServerEntries {

	private final CheckInWriter writer;

	private final PolicyPath policyPath;

	ServerEntries(CheckInWriter writer, PolicyPath policyPath) {
		this.writer = writer;
		this.policyPath = policyPath;
	}

	/**
	 * Decides and applies the single entry of a request.
	 * @param request a one-entry request in the server's source context
	 * @return the result
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public EntryResult apply(ReconcileRequest request) {
		BatchDecision decision = BatchDecision.of(request.kioskId(), request.entries());
		BatchItem item = decision.unique().get(0);
		BatchDecision part = decision.part(List.of(item));
		CheckInWriter.Lookup lookup = this.writer.lookup(request.eventId(), part.attendeesToLookUp());
		part.check(request.eventId(), lookup.eventOf());
		Set<String> guarded = this.writer.insertGuard(request.kioskId(), part);
		part.guardWritten(guarded, this.writer.guardFingerprints(part.guardConflicts(guarded)));
		Map<String, ChangeKind> changes = this.policyPath.apply(request, part, lookup);
		this.writer.quarantine(request, part);
		this.writer.appendChanges(request.eventId(), changes);
		EntryDecision decided = part.decision(item);
		return new EntryResult(item.entry().seq(), item.key(), decided.outcome(), decided.reason(), decided.field(),
				decided.badgeJobId(), List.of());
	}

}
