package io.eventops.reconciler.checkin;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.web.admission.AdmissionLane;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconciler's own live lane over HTTP, against real PostgreSQL and Redis (issue
 * #39): while every permit of the backlog lane is held and a backlog batch waits for one,
 * a live batch is reconciled and answered; a backlog batch that waits longer than
 * {@code max-queue-wait} is shed with 429 and {@code Retry-After}, nothing of it claimed
 * or written, so the same batch is applied whole once the lane has room (invariants 2 and
 * 6).
 */
@ReconcilerTest
@TestPropertySource(properties = { "eventops.reconciler.admission.backlog.adaptive=false",
		"eventops.reconciler.admission.backlog.max-limit=1", "eventops.reconciler.admission.max-queue-wait=15s" })
class BacklogLaneTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private BacklogLane backlog;

	@Autowired
	private JdbcTemplate jdbc;

	private String event;

	@BeforeEach
	void setUp() {
		this.event = TestData.unique("evt");
	}

	@Test
	void aLiveBatchIsReconciledWhileTheBacklogLaneIsFullAndABacklogBatchWaits() throws Exception {
		String backlogKiosk = TestData.kiosk();
		String liveKiosk = TestData.kiosk();
		ReconcileRequest backlogBatch = batch(backlogKiosk, 21);
		ReconcileRequest liveBatch = batch(liveKiosk, 1);
		CompletableFuture<HttpResponse<String>> waiting;
		try (AdmissionLane.Permit full = this.backlog.lane().enter(Duration.ZERO).orElseThrow()) {
			waiting = CompletableFuture.supplyAsync(() -> post(backlogBatch));
			Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> this.backlog.lane().waiting() == 1);

			HttpResponse<String> live = post(liveBatch);

			assertThat(live.statusCode()).as(live.body()).isEqualTo(200);
			assertThat(JSON.readTree(live.body()).get("results").get(0).get("outcome").asString()).isEqualTo("APPLIED");
			assertThat(waiting).isNotDone();
			assertThat(this.backlog.lane().waiting()).isEqualTo(1);
		}
		HttpResponse<String> admitted = waiting.get(30, TimeUnit.SECONDS);
		assertThat(admitted.statusCode()).as(admitted.body()).isEqualTo(200);
		assertThat(processed(backlogKiosk)).isEqualTo(21);
		assertThat(processed(liveKiosk)).isEqualTo(1);
	}

	@Test
	void aBacklogBatchThatWaitsInVainIsShedAndNothingOfItIsClaimedOrWritten() {
		String kiosk = TestData.kiosk();
		ReconcileRequest batch = batch(kiosk, 21);
		try (AdmissionLane.Permit full = this.backlog.lane().enter(Duration.ZERO).orElseThrow()) {
			HttpResponse<String> shed = post(batch);

			assertThat(shed.statusCode()).as(shed.body()).isEqualTo(429);
			assertThat(shed.headers().firstValue("Retry-After")).contains("1");
			assertThat(JSON.readTree(shed.body()).get("type").asString()).endsWith("/backlog-busy");
		}
		assertThat(processed(kiosk)).isZero();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE source_id = ?", Long.class,
				kiosk))
			.isZero();
		// no claim was left behind: the same batch is applied whole, not answered as in
		// flight
		HttpResponse<String> retried = post(batch);
		assertThat(retried.statusCode()).as(retried.body()).isEqualTo(200);
		for (JsonNode result : JSON.readTree(retried.body()).get("results")) {
			assertThat(result.get("outcome").asString()).isEqualTo("APPLIED");
		}
		assertThat(processed(kiosk)).isEqualTo(21);
	}

	private ReconcileRequest batch(String kiosk, int entries) {
		List<String> attendees = TestData.attendees(this.jdbc, this.event, entries);
		List<TestData.Entry> batch = new ArrayList<>();
		for (int seq = 1; seq <= entries; seq++) {
			batch.add(TestData.entry(kiosk, seq, attendees.get(seq - 1)));
		}
		return TestData.request(kiosk, this.event, batch.toArray(TestData.Entry[]::new));
	}

	private HttpResponse<String> post(ReconcileRequest batch) {
		try {
			return this.http
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/internal/v1/reconcile"))
					.header("Authorization", HttpTestClient.internal())
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(batch)))
					.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private long processed(String kiosk) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ?",
				Long.class, kiosk);
	}

}
