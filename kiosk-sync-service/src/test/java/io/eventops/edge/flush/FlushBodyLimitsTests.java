package io.eventops.edge.flush;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.RawHttpsRequest;
import io.eventops.edge.TestData;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flush bodies that trickle in over real HTTPS: they hold no backlog permit while they
 * arrive, so two stolen kiosk tokens cannot starve the other kiosks' backlogs, and a body
 * still arriving at the read deadline is refused.
 */
@EdgeTest
@TestPropertySource(properties = { "eventops.edge.flush.backlog-checks.adaptive=false",
		"eventops.edge.flush.backlog-checks.max-limit=2", "eventops.edge.reconciler.max-queue-wait=2s",
		"eventops.edge.requests.body-read-timeout=3s" })
class FlushBodyLimitsTests {

	@LocalServerPort
	private int port;

	private final JdbcTemplate jdbc = EdgeStack.jdbc();

	private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor();

	private EdgeClient edge;

	@AfterEach
	void tearDown() {
		this.sender.shutdownNow();
	}

	@BeforeEach
	void setUp() {
		this.edge = new EdgeClient(this.port);
	}

	@Test
	void backlogBodiesTricklingInFromStolenTokensHoldNoPermitOfOtherKiosks() {
		List<EdgeClient.Kiosk> stolen = List.of(this.edge.newKiosk(), this.edge.newKiosk());
		List<RawHttpsRequest> trickles = new ArrayList<>();
		try {
			// each stolen token fills its two flush slots with a large body that never
			// comes: more than the replica's two backlog permits
			for (EdgeClient.Kiosk kiosk : stolen) {
				for (int i = 0; i < 2; i++) {
					RawHttpsRequest trickle = RawHttpsRequest.open(this.port, "POST",
							"/v1/kiosks/" + kiosk.id() + "/flush",
							Map.of("Authorization", EdgeClient.bearer(kiosk.token()), "Content-Type",
									"application/json", "Content-Length", "150000"));
					trickle.send("{\"highestLocalSeq\":1,".getBytes(StandardCharsets.US_ASCII));
					trickles.add(trickle);
				}
			}
			for (EdgeClient.Kiosk kiosk : stolen) {
				Awaitility.await()
					.atMost(Duration.ofSeconds(20))
					.until(() -> this.edge.flush(kiosk.id(), kiosk.token(), TestData.flush(0)).status() == 429);
			}
			EdgeClient.Kiosk honest = this.edge.newKiosk();
			String attendee = TestData.attendees(this.jdbc, honest.event(), 1).get(0);
			List<TestData.Entry> backlog = new ArrayList<>();
			for (long seq = 1; seq <= 80; seq++) {
				backlog.add(TestData.entry(honest.id(), seq, attendee));
			}
			String body = TestData.flush(80, backlog.toArray(TestData.Entry[]::new));
			assertThat(body.length()).isGreaterThan(16_384);
			EdgeClient.Response flushed = this.edge.flush(honest.id(), honest.token(), body);
			assertThat(flushed.status()).as(flushed.body()).isEqualTo(200);
			assertThat(flushed.json().get("ackedThroughSeq").asLong()).isEqualTo(80);
		}
		finally {
			trickles.forEach(RawHttpsRequest::close);
		}
	}

	@Test
	void aBodyStillArrivingAtTheReadDeadlineIsRefused() {
		EdgeClient.Kiosk kiosk = this.edge.newKiosk();
		byte[] body = TestData.flush(0).getBytes(StandardCharsets.US_ASCII);
		try (RawHttpsRequest trickle = RawHttpsRequest.open(this.port, "POST", "/v1/kiosks/" + kiosk.id() + "/flush",
				Map.of("Authorization", EdgeClient.bearer(kiosk.token()), "Content-Type", "application/json",
						"Content-Length", Integer.toString(body.length)))) {
			long started = System.nanoTime();
			// one byte every 500 ms: the whole body would take well over the 3 s deadline
			AtomicInteger sent = new AtomicInteger();
			this.sender.scheduleAtFixedRate(() -> {
				int next = sent.getAndIncrement();
				if (next < body.length) {
					trickle.send(new byte[] { body[next] });
				}
			}, 0, 500, TimeUnit.MILLISECONDS);
			RawHttpsRequest.Answer refused = trickle.answer(Duration.ofSeconds(30));
			assertThat(refused.status()).as(refused.body()).isEqualTo(408);
			assertThat(refused.body()).contains("body-too-slow");
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
		}
	}

}
