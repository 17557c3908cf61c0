package io.eventops.edge.forward;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.security.SecurityProperties;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.eventops.web.admission.AdmissionLimitProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Invariant 11 at the edge's link to the reconciler: the circuit breaker and the retries
 * are spent on unavailability only (refused connections, 502/503/504), never on a batch
 * the reconciler refused (4xx) or failed (500). The reconciler here is a real HTTP server
 * on an ephemeral port that answers with the status under test.
 */
class ReconcilerBreakerTests {

	private final AtomicInteger status = new AtomicInteger(200);

	private final AtomicInteger requests = new AtomicInteger();

	private HttpServer server;

	private ReconcilerClient client;

	@BeforeEach
	void startReconciler() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/internal/v1/reconcile", (exchange) -> {
			this.requests.incrementAndGet();
			exchange.getRequestBody().readAllBytes();
			byte[] body = (this.status.get() == 200) ? ("{\"results\":[{\"seq\":1,\"idempotencyKey\":\"k-1:1\","
					+ "\"outcome\":\"REJECTED\",\"reason\":\"INVALID_ENTRY\",\"field\":\"type\",\"flags\":[]}]}")
				.getBytes(StandardCharsets.UTF_8) : "{\"status\":0}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(this.status.get(), body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
		ReconcilerLinkProperties properties = new ReconcilerLinkProperties(
				URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()), Duration.ofSeconds(1),
				Duration.ofSeconds(2), 3, Duration.ofMillis(5), Duration.ofSeconds(5), Duration.ofSeconds(30),
				AdmissionLimitProperties.fixed(8), Duration.ofSeconds(1), 20, 2);
		this.client = new ForwardConfiguration().reconcilerClient(RestClient.builder(), properties,
				new SecurityProperties("", "", EdgeStack.INTERNAL_TOKEN), JsonMapper.builder().build(),
				new SimpleMeterRegistry());
	}

	@AfterEach
	void stopReconciler() {
		this.server.stop(0);
	}

	@Test
	void perEntryRejectionsNeverMoveTheBreaker() {
		for (int i = 0; i < 30; i++) {
			assertThat(this.client.reconcile(batch()).results()).hasSize(1);
		}
		assertThat(this.client.breakerState()).isEqualTo(CircuitBreaker.State.CLOSED);
	}

	@Test
	void aRefusedOrFailedBatchIsNeitherRetriedNorCountedByTheBreaker() {
		// 429: the reconciler's backlog lane shed the batch (#39), it is not unavailable
		for (int refusal : List.of(400, 401, 409, 422, 429, 500)) {
			this.status.set(refusal);
			this.requests.set(0);
			for (int i = 0; i < 30; i++) {
				assertThatExceptionOfType(ReconcilerUnavailableException.class)
					.isThrownBy(() -> this.client.reconcile(batch()));
			}
			assertThat(this.requests.get()).as("status %d", refusal).isEqualTo(30);
			assertThat(this.client.breakerState()).as("status %d", refusal).isEqualTo(CircuitBreaker.State.CLOSED);
		}
	}

	@Test
	void anOverloadedReconcilerIsRetriedAndOpensTheBreaker() {
		this.status.set(503);
		for (int i = 0; i < 10; i++) {
			assertThatExceptionOfType(ReconcilerUnavailableException.class)
				.isThrownBy(() -> this.client.reconcile(batch()));
		}
		// every call is tried three times, each attempt counted
		assertThat(this.requests.get()).isGreaterThanOrEqualTo(10);
		assertThat(this.client.breakerState()).isEqualTo(CircuitBreaker.State.OPEN);
	}

	@Test
	void aReconcilerThatIsDownOpensTheBreaker() {
		this.server.stop(0);
		for (int i = 0; i < 10; i++) {
			assertThatExceptionOfType(ReconcilerUnavailableException.class)
				.isThrownBy(() -> this.client.reconcile(batch()));
		}
		assertThat(this.client.breakerState()).isEqualTo(CircuitBreaker.State.OPEN);
	}

	private ReconcilerClient.PreparedBatch batch() {
		return this.client
			.prepare(new ReconcileRequest("k-1", "ev-1", "default", List.of(ReconcileEntry.rejected(1, "k-1:1", null,
					"{\"seq\":1}", List.of(), io.eventops.model.flush.RejectionReason.INVALID_ENTRY, "type"))));
	}

}
