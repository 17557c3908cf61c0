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

	private final BacklogLane backlog;

	private final BatchAdmissionProperties admission;

	ReconcileController(BatchReconciler reconciler, BacklogLane backlog, BatchAdmissionProperties admission) {
		this.reconciler = reconciler;
		this.backlog = backlog;
		this.admission = admission;
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
		// a backlog batch waits for its lane before it claims or writes anything (issue
		// #39); a live one never does
		return this.backlog.admit(request.entries().size(), () -> this.reconciler.reconcile(request));
	}

	// a backlog batch shed by the lane: 429, not 503, because the reconciler is available
	// (live batches are answered): the edge neither retries it nor counts it in the
	// breaker all kiosks share, and lowers its own backlog limit (invariant 11). Nothing
	// was claimed or applied, so the kiosk keeps its entries (invariant 6).
	@ExceptionHandler(BacklogLane.BacklogShedException.class)
	ResponseEntity<ProblemDetail> shed(BacklogLane.BacklogShedException ex) {
		return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
			.header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, this.admission.retryAfter().toSeconds())))
			.body(ProblemResponses.problem(HttpStatus.TOO_MANY_REQUESTS, "backlog-busy", "Backlog busy",
					"The reconciler is reconciling as many backlog batches as it can; nothing of this one was applied."));
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
