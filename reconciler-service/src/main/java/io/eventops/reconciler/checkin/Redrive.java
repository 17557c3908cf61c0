package io.eventops.reconciler.checkin;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.reconcile.ReconcileRequest;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Re-judges one quarantined entry through the same statements as the batch path, inside
 * the caller's transaction.
 */
@Component
public class Redrive {

	private final CheckInWriter writer;

	Redrive(CheckInWriter writer) {
		this.writer = writer;
	}

	/**
	 * Re-judges the single entry of a request.
	 * @param request a one-entry request in the kiosk context the entry was rejected in
	 * @return the new result
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public EntryResult redrive(ReconcileRequest request) {
		BatchItem item = BatchItem.of(0, request.kioskId(), request.entries().get(0));
		Judgement judged = this.writer.redrive(request, item);
		return new EntryResult(item.entry().seq(), item.key(), judged.outcome(), judged.reason(), judged.field(),
				judged.badgeJobId(), java.util.List.of());
	}

}
