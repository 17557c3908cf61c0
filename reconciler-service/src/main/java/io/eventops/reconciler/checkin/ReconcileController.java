package io.eventops.reconciler.checkin;

import java.time.Duration;
import java.util.regex.Pattern;

import io.eventops.model.flush.FlushRequest;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.web.ProblemResponses;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The internal endpoint the edge calls with one kiosk's validated batch; not public,
 * guarded by the internal token. It answers 503 when its own dependencies are
 * unavailable, the only failure the edge's circuit breaker counts (invariant 11).
 */
@RestController
class ReconcileController {

	private static final Pattern KIOSK_ID = Pattern.compile("[a-z0-9][a-z0-9-]{1,31}");

	private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

	private final BatchReconciler reconciler;

	ReconcileController(BatchReconciler reconciler) {
		this.reconciler = reconciler;
	}

	@PostMapping("/internal/v1/reconcile")
	ReconcileResponse reconcile(@RequestBody ReconcileRequest request) {
		if (request.kioskId() == null || !KIOSK_ID.matcher(request.kioskId()).matches()) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_BATCH, "kioskId is missing or malformed.");
		}
		if (request.eventId() == null || request.eventId().isBlank() || request.printerPool() == null
				|| request.printerPool().isBlank()) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_BATCH, "eventId and printerPool are required.");
		}
		if (request.entries().size() > FlushRequest.MAX_ENTRIES) {
			throw DomainException.invalid(ReconcilerProblem.TOO_MANY_ENTRIES,
					"A batch carries at most " + FlushRequest.MAX_ENTRIES + " entries.");
		}
		return this.reconciler.reconcile(request);
	}

	// PostgreSQL down, its pool exhausted, a lock or statement timeout, a deadlock that
	// outlived the retries: the reconciler is unavailable, not the batch wrong
	@ExceptionHandler({ DataAccessResourceFailureException.class, TransientDataAccessException.class,
			CannotCreateTransactionException.class })
	ResponseEntity<ProblemDetail> unavailable(RuntimeException ex) {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, Long.toString(RETRY_AFTER.toSeconds()))
			.body(ProblemResponses.problem(HttpStatus.SERVICE_UNAVAILABLE, "unavailable", "Service unavailable",
					"The reconciler cannot reach its database right now; nothing was applied."));
	}

}
