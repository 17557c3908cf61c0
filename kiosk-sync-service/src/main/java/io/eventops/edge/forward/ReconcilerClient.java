package io.eventops.edge.forward;

import java.util.Optional;
import java.util.function.Supplier;

import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.web.admission.AdmissionLane;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.retry.Retry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * Sends one kiosk's checked batch to the reconciler and returns its committed per-entry
 * results. Transient failures are retried a bounded number of times behind a circuit
 * breaker; what still fails surfaces as {@link ReconcilerUnavailableException}.
 * <p>
 * A batch is encoded before it waits for one of the few slots to the reconciler
 * ({@link #prepare}), so that a waiting batch is one byte array, not the object graph of
 * its entries: in a reconnect herd about 200 batches wait at once, and the young
 * collections that copied their graphs paused the edge (measured: drills/MEASUREMENTS.md,
 * third round).
 * <p>
 * Backlog batches (more than {@code live-max-entries}) are admitted by an adaptive lane,
 * {@code edge-reconciler}, whose limit follows the reconciler's latency (and its sheds
 * and timeouts) and stays below the cores (issue #39); live batches take a bulkhead of
 * their own and never wait for it.
 */
public class ReconcilerClient {

	static final String BACKLOG_LANE = "edge-reconciler";

	private static final Logger logger = LoggerFactory.getLogger(ReconcilerClient.class);

	private final RestClient client;

	private final Retry retry;

	private final CircuitBreaker breaker;

	private final AdmissionLane backlog;

	private final Bulkhead liveBulkhead;

	private final ReconcilerLinkProperties properties;

	private final JsonMapper json;

	ReconcilerClient(RestClient client, Retry retry, CircuitBreaker breaker, AdmissionLane backlog,
			Bulkhead liveBulkhead, ReconcilerLinkProperties properties, JsonMapper json) {
		this.client = client;
		this.retry = retry;
		this.breaker = breaker;
		this.backlog = backlog;
		this.liveBulkhead = liveBulkhead;
		this.properties = properties;
		this.json = json;
	}

	/**
	 * Backlog batches forwarded right now, and how many more may be.
	 * @return free backlog slots
	 */
	int freeBacklogSlots() {
		return Math.max(0, this.backlog.limit() - this.backlog.inFlight());
	}

	/**
	 * Live batches forwarded right now, and how many more may be.
	 * @return free live slots
	 */
	int freeLiveSlots() {
		return this.liveBulkhead.getMetrics().getAvailableConcurrentCalls();
	}

	/**
	 * The state of this replica's circuit breaker to the reconciler, which only
	 * unavailability moves (invariant 11).
	 * @return the state
	 */
	public CircuitBreaker.State breakerState() {
		return this.breaker.getState();
	}

	/**
	 * Encodes a batch for {@link #reconcile}.
	 * @param request the batch
	 * @return the batch as it goes on the wire
	 */
	public PreparedBatch prepare(ReconcileRequest request) {
		return new PreparedBatch(request.kioskId(), request.entries().size(), this.json.writeValueAsBytes(request));
	}

	/**
	 * Reconciles a batch.
	 * @param batch the encoded batch
	 * @return one result per entry, in the request's order, answered after commit
	 * @throws ReconcilerUnavailableException when no committed answer could be had
	 */
	public ReconcileResponse reconcile(PreparedBatch batch) {
		Supplier<ReconcileResponse> attempt = Retry.decorateSupplier(this.retry,
				CircuitBreaker.decorateSupplier(this.breaker, () -> post(batch)));
		// a small batch (an online kiosk's check-in) has slots of its own, so it never
		// waits behind the 500-entry batches of a reconnect herd (issue #24)
		if (this.properties.live(batch.entries())) {
			return call(batch, Bulkhead.decorateSupplier(this.liveBulkhead, attempt), null);
		}
		// a backlog batch waits, parked, for the adaptive lane; in vain: a 503, nothing
		// forwarded
		Optional<AdmissionLane.Permit> permit = this.backlog.enter(this.properties.maxQueueWait());
		if (permit.isEmpty()) {
			throw new ReconcilerUnavailableException("Too many batches are waiting for the reconciler", null);
		}
		try (AdmissionLane.Permit held = permit.get()) {
			return call(batch, attempt, held);
		}
	}

	// the permit (null for a live batch) learns whether the reconciler was slow to
	// answer (its close), overloaded (dropped) or not the cause (ignored)
	private ReconcileResponse call(PreparedBatch batch, Supplier<ReconcileResponse> call, AdmissionLane.Permit permit) {
		try {
			ReconcileResponse response = call.get();
			if (response == null || response.results().size() != batch.entries()) {
				settle(permit, false);
				throw new ReconcilerUnavailableException("The reconciler answered an incomplete batch", null);
			}
			return response;
		}
		catch (BulkheadFullException ex) {
			throw new ReconcilerUnavailableException("Too many batches are waiting for the reconciler", ex);
		}
		catch (CallNotPermittedException ex) {
			settle(permit, false);
			throw new ReconcilerUnavailableException("The reconciler's circuit breaker is open", ex);
		}
		catch (HttpClientErrorException ex) {
			if (ex.getStatusCode().value() == HttpStatus.TOO_MANY_REQUESTS.value()) {
				// the reconciler's own backlog lane shed the batch (nothing applied):
				// this
				// lane backs off; neither retried nor counted by the breaker, as live
				// batches are still answered (invariant 11)
				settle(permit, true);
				throw new ReconcilerUnavailableException("The reconciler sheds backlog batches", ex);
			}
			settle(permit, false);
			// a 4xx means the edge and the reconciler disagree (token, contract): not
			// retryable, but the kiosk must keep its entries, so it is still a 503
			logger.error("The reconciler refused a batch of kiosk {} with status {}", batch.kioskId(),
					ex.getStatusCode().value());
			throw new ReconcilerUnavailableException("The reconciler refused the batch", ex);
		}
		catch (HttpServerErrorException ex) {
			// a 500 is about this batch (the reconciler splits out poison entries, so
			// it should not happen): not retried and not counted by the breaker, and
			// only this kiosk waits (invariant 11); a 502/503/504 counted above
			settle(permit, ForwardConfiguration.UNAVAILABLE.test(ex));
			logger.warn("The reconciler answered a batch of kiosk {} with status {}", batch.kioskId(),
					ex.getStatusCode().value());
			throw new ReconcilerUnavailableException("The reconciler failed the batch", ex);
		}
		catch (RestClientException ex) {
			settle(permit, true);
			logger.warn("The reconciler is unavailable for kiosk {}: {}", batch.kioskId(), ex.getMessage());
			throw new ReconcilerUnavailableException("The reconciler is unavailable", ex);
		}
	}

	private static void settle(AdmissionLane.Permit permit, boolean overloaded) {
		if (permit == null) {
			return;
		}
		if (overloaded) {
			permit.dropped();
		}
		else {
			permit.ignore();
		}
	}

	private ReconcileResponse post(PreparedBatch batch) {
		return this.client.post()
			.uri("/internal/v1/reconcile")
			.contentType(MediaType.APPLICATION_JSON)
			.accept(MediaType.APPLICATION_JSON)
			.body(batch.body())
			.retrieve()
			.body(ReconcileResponse.class);
	}

	/**
	 * A batch encoded for the reconciler.
	 *
	 * @param kioskId the kiosk, for logs
	 * @param entries how many entries it carries (the answer must carry as many)
	 * @param body the JSON of its {@link ReconcileRequest}
	 */
	public record PreparedBatch(String kioskId, int entries, byte[] body) {
	}

}
