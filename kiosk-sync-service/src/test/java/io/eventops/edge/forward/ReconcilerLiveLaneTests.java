package io.eventops.edge.forward;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.security.SecurityProperties;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.web.admission.AdmissionLimitProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The live lane at the edge's link to the reconciler (issue #24): while every backlog
 * slot is taken by large batches the reconciler holds, a small batch (an online kiosk's
 * check-in) still goes through on a slot of its own; without the lane it waits behind
 * them. The reconciler is a real HTTP server on an ephemeral port that holds every batch
 * larger than the lane's limit until the test lets it go.
 */
class ReconcilerLiveLaneTests {

	private static final int BACKLOG = 50;

	private final CountDownLatch release = new CountDownLatch(1);

	private final AtomicInteger held = new AtomicInteger();

	private final List<ReconcilerClient> clients = new ArrayList<>();

	private ExecutorService kiosks;

	private HttpServer server;

	@BeforeEach
	void startReconciler() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.setExecutor(Executors.newCachedThreadPool());
		this.server.createContext("/internal/v1/reconcile", (exchange) -> {
			String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			int entries = request.split("\"idempotencyKey\"", -1).length - 1;
			if (entries > 1) {
				this.held.incrementAndGet();
				try {
					this.release.await(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			StringBuilder body = new StringBuilder("{\"results\":[");
			for (int seq = 1; seq <= entries; seq++) {
				body.append((seq > 1) ? "," : "")
					.append("{\"seq\":")
					.append(seq)
					.append(",\"idempotencyKey\":\"k-1:")
					.append(seq)
					.append("\",\"outcome\":\"REJECTED\",\"reason\":\"INVALID_ENTRY\",\"field\":\"type\",\"flags\":[]}");
			}
			byte[] bytes = body.append("]}").toString().getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, bytes.length);
			exchange.getResponseBody().write(bytes);
			exchange.close();
		});
		this.server.start();
		this.kiosks = Executors.newCachedThreadPool();
	}

	@AfterEach
	void stopReconciler() {
		this.release.countDown();
		this.kiosks.shutdownNow();
		this.server.stop(0);
	}

	@Test
	void aLiveCheckInPassesWhileBacklogBatchesHoldEverySlot() throws Exception {
		ReconcilerClient client = client(20);
		List<CompletableFuture<ReconcileResponse>> backlog = holdEveryBacklogSlot(client);

		ReconcileResponse live = client.reconcile(batch(client, 1));

		assertThat(live.results()).hasSize(1);
		assertThat(backlog).noneMatch(CompletableFuture::isDone);
		assertThat(client.freeBacklogSlots()).isZero();
		assertThat(client.freeLiveSlots()).isEqualTo(2);
		this.release.countDown();
		for (CompletableFuture<ReconcileResponse> batch : backlog) {
			assertThat(batch.get(30, TimeUnit.SECONDS).results()).hasSize(BACKLOG);
		}
	}

	@Test
	void withoutTheLaneALiveCheckInWaitsBehindTheBacklog() throws Exception {
		ReconcilerClient client = client(0);
		List<CompletableFuture<ReconcileResponse>> backlog = holdEveryBacklogSlot(client);

		// it waits for a backlog slot for max-queue-wait, then the kiosk gets a 503
		assertThatExceptionOfType(ReconcilerUnavailableException.class)
			.isThrownBy(() -> client.reconcile(batch(client, 1)));
		assertThat(backlog).noneMatch(CompletableFuture::isDone);
	}

	@Test
	void aBatchOverTheLimitTakesABacklogSlot() throws Exception {
		ReconcilerClient client = client(20);
		holdEveryBacklogSlot(client);
		// 21 entries are backlog: every backlog slot is taken, so it is refused after
		// max-queue-wait even though both live slots are free
		assertThatExceptionOfType(ReconcilerUnavailableException.class)
			.isThrownBy(() -> client.reconcile(batch(client, 21)));
		assertThat(client.freeLiveSlots()).isEqualTo(2);
	}

	@Test
	void theLaneIsTypedConfigurationWithBounds() {
		assertThat(properties(20).live(20)).isTrue();
		assertThat(properties(20).live(21)).isFalse();
		assertThat(properties(0).live(1)).isFalse();
	}

	private List<CompletableFuture<ReconcileResponse>> holdEveryBacklogSlot(ReconcilerClient client) {
		List<CompletableFuture<ReconcileResponse>> backlog = new ArrayList<>();
		for (int i = 0; i < 2; i++) {
			backlog.add(CompletableFuture.supplyAsync(() -> client.reconcile(batch(client, BACKLOG)), this.kiosks));
		}
		await().atMost(Duration.ofSeconds(30)).until(() -> this.held.get() == 2);
		return backlog;
	}

	private ReconcilerClient client(int liveMaxEntries) {
		ReconcilerClient client = new ForwardConfiguration().reconcilerClient(RestClient.builder(),
				properties(liveMaxEntries), new SecurityProperties("", "", EdgeStack.INTERNAL_TOKEN),
				JsonMapper.builder().build(), new SimpleMeterRegistry());
		this.clients.add(client);
		return client;
	}

	private ReconcilerLinkProperties properties(int liveMaxEntries) {
		// two backlog slots, two live ones; a batch waits 1 s for a slot
		return new ReconcilerLinkProperties(URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()),
				Duration.ofSeconds(1), Duration.ofSeconds(40), 1, Duration.ofMillis(5), Duration.ofSeconds(5),
				Duration.ofSeconds(30), AdmissionLimitProperties.fixed(2), Duration.ofSeconds(1), liveMaxEntries, 2);
	}

	private static ReconcilerClient.PreparedBatch batch(ReconcilerClient client, int entries) {
		List<ReconcileEntry> rejected = new ArrayList<>();
		for (int seq = 1; seq <= entries; seq++) {
			rejected.add(ReconcileEntry.rejected(seq, "k-1:" + seq, null, "{\"seq\":" + seq + "}", List.of(),
					RejectionReason.INVALID_ENTRY, "type"));
		}
		return client.prepare(new ReconcileRequest("k-1", "ev-1", "default", rejected));
	}

}
