package io.eventops.edge.forward;

import java.util.function.Supplier;

import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.retry.Retry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.MediaType;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * Sends one kiosk's judged batch to the reconciler and returns its committed per-entry
 * results. Transient failures are retried a bounded number of times behind a circuit
 * breaker; what still fails surfaces as {@link ReconcilerUnavailableException}.
 */
public class ReconcilerClient {

	private static final Logger logger = LoggerFactory.getLogger(ReconcilerClient.class);

	private final RestClient client;

	private final Retry retry;

	private final CircuitBreaker breaker;

	private final Bulkhead bulkhead;

	ReconcilerClient(RestClient client, Retry retry, CircuitBreaker breaker, Bulkhead bulkhead) {
		this.client = client;
		this.retry = retry;
		this.breaker = breaker;
		this.bulkhead = bulkhead;
	}

	/**
	 * Reconciles a batch.
	 * @param request the batch
	 * @return one result per entry, in the request's order, answered after commit
	 * @throws ReconcilerUnavailableException when no committed answer could be had
	 */
	public ReconcileResponse reconcile(ReconcileRequest request) {
		// at most a few batches in flight: the rest queue here briefly, then get a 503
		Supplier<ReconcileResponse> call = Bulkhead.decorateSupplier(this.bulkhead,
				Retry.decorateSupplier(this.retry, CircuitBreaker.decorateSupplier(this.breaker, () -> post(request))));
		try {
			ReconcileResponse response = call.get();
			if (response == null || response.results().size() != request.entries().size()) {
				throw new ReconcilerUnavailableException("The reconciler answered an incomplete batch", null);
			}
			return response;
		}
		catch (BulkheadFullException ex) {
			throw new ReconcilerUnavailableException("Too many batches are waiting for the reconciler", ex);
		}
		catch (CallNotPermittedException ex) {
			throw new ReconcilerUnavailableException("The reconciler's circuit breaker is open", ex);
		}
		catch (HttpClientErrorException ex) {
			// a 4xx means the edge and the reconciler disagree (token, contract): not
			// retryable, but the kiosk must keep its entries, so it is still a 503
			logger.error("The reconciler refused a batch of kiosk {} with status {}", request.kioskId(),
					ex.getStatusCode().value());
			throw new ReconcilerUnavailableException("The reconciler refused the batch", ex);
		}
		catch (RestClientException ex) {
			logger.warn("The reconciler is unavailable for kiosk {}: {}", request.kioskId(), ex.getMessage());
			throw new ReconcilerUnavailableException("The reconciler is unavailable", ex);
		}
	}

	private ReconcileResponse post(ReconcileRequest request) {
		return this.client.post()
			.uri("/internal/v1/reconcile")
			.contentType(MediaType.APPLICATION_JSON)
			.accept(MediaType.APPLICATION_JSON)
			.body(request)
			.retrieve()
			.body(ReconcileResponse.class);
	}

}
