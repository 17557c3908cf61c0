package io.eventops.reconciler.checkin;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.reconcile.ReconcileRequest;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Decides one quarantined entry again through the same statements as the batch path,
 * inside the caller's transaction.
 */
@Component
public class Redrive {

	private final CheckInWriter writer;

	private final PolicyPath policyPath;

	Redrive(CheckInWriter writer, PolicyPath policyPath) {
		this.writer = writer;
		this.policyPath = policyPath;
	}

	/**
	 * Decides the single entry of a request.
	 * @param request a one-entry request in the kiosk context the entry was rejected in
	 * @return the new result
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public EntryResult redrive(ReconcileRequest request) {
		BatchDecision decision = BatchDecision.of(request.kioskId(), request.entries());
		BatchItem item = decision.unique().get(0);
		BatchDecision part = decision.part(List.of(item));
		CheckInWriter.Lookup lookup = this.writer.lookup(request.eventId(), part.attendeesToLookUp());
		part.check(request.eventId(), lookup.eventOf());
		// its guard row exists: the verdict is final as it is, and the row is updated
		part.guardWritten(Set.of(item.key()), Map.of());
		this.writer.appendChanges(request.eventId(), this.policyPath.apply(request, part, lookup));
		EntryDecision decided = part.decision(item);
		this.writer.updateGuard(item, decided);
		return new EntryResult(item.entry().seq(), item.key(), decided.outcome(), decided.reason(), decided.field(),
				decided.badgeJobId(), List.of());
	}

}
