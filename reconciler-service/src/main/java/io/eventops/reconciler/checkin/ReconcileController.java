package io.eventops.reconciler.checkin;

import java.util.regex.Pattern;

import io.eventops.model.flush.FlushRequest;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.reconciler.web.DomainException;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The internal endpoint the edge calls with one kiosk's validated batch; not public,
 * guarded by the internal token.
 */
@RestController
class ReconcileController {

	private static final Pattern KIOSK_ID = Pattern.compile("[a-z0-9][a-z0-9-]{1,31}");

	private final BatchReconciler reconciler;

	ReconcileController(BatchReconciler reconciler) {
		this.reconciler = reconciler;
	}

	@PostMapping("/internal/v1/reconcile")
	ReconcileResponse reconcile(@RequestBody ReconcileRequest request) {
		if (request.kioskId() == null || !KIOSK_ID.matcher(request.kioskId()).matches()) {
			throw DomainException.invalid("invalid-batch", "kioskId is missing or malformed.");
		}
		if (request.eventId() == null || request.eventId().isBlank() || request.printerPool() == null
				|| request.printerPool().isBlank()) {
			throw DomainException.invalid("invalid-batch", "eventId and printerPool are required.");
		}
		if (request.entries().size() > FlushRequest.MAX_ENTRIES) {
			throw DomainException.invalid("too-many-entries",
					"A batch carries at most " + FlushRequest.MAX_ENTRIES + " entries.");
		}
		return this.reconciler.reconcile(request);
	}

}
