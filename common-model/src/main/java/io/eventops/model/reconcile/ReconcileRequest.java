package io.eventops.model.reconcile;

import java.util.List;

/**
 * A batch of one kiosk that the edge authenticated, validated and checked by the time
 * rules.
 *
 * @param kioskId the kiosk
 * @param eventId the kiosk's event
 * @param printerPool the printer pool that badges of this kiosk go to
 * @param entries the entries in the order the kiosk sent them
 */
public record ReconcileRequest(String kioskId, String eventId, String printerPool, List<ReconcileEntry> entries) {

	public ReconcileRequest {
		entries = List.copyOf(entries);
	}

}
