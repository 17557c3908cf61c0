package io.eventops.edge.flush;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge's backlog lane over real HTTPS, with the real reconciler, PostgreSQL and Redis
 * (issue #39): while every permit of the lane is held and a backlog flush waits for one,
 * a live kiosk's check-in is admitted and answered; a backlog flush that waits longer
 * than {@code max-queue-wait} gets 503 with {@code Retry-After} and nothing of it is
 * written, so nothing is acknowledged that is not durable (invariant 6).
 */
@EdgeTest
@TestPropertySource(properties = { "eventops.edge.flush.backlog-checks.adaptive=false",
		"eventops.edge.flush.backlog-checks.max-limit=1", "eventops.edge.reconciler.max-queue-wait=15s" })
class BacklogAdmissionTests {

	@LocalServerPort
	private int port;

	@Autowired
	private CheckLanes lanes;

	private final JdbcTemplate jdbc = EdgeStack.jdbc();

	private EdgeClient edge;

	@BeforeEach
	void setUp() {
		this.edge = new EdgeClient(this.port);
	}

	@Test
	void aLiveCheckInIsAnsweredWhileTheBacklogLaneIsFullAndABacklogFlushWaits() throws Exception {
		EdgeClient.Kiosk backlogKiosk = this.edge.newKiosk();
		EdgeClient.Kiosk liveKiosk = this.edge.newKiosk();
		String liveAttendee = TestData.attendees(this.jdbc, liveKiosk.event(), 1).get(0);
		String backlog = backlog(backlogKiosk, 80);
		CompletableFuture<EdgeClient.Response> waiting;
		try (CheckLanes.Permit full = this.lanes.enter(-1)) {
			waiting = CompletableFuture
				.supplyAsync(() -> this.edge.flush(backlogKiosk.id(), backlogKiosk.token(), backlog));
			Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> this.lanes.waiting() == 1);

			EdgeClient.Response live = this.edge.flush(liveKiosk.id(), liveKiosk.token(),
					TestData.flush(1, TestData.entry(liveKiosk.id(), 1, liveAttendee)));

			assertThat(live.status()).as(live.body()).isEqualTo(200);
			assertThat(live.json().get("ackedThroughSeq").asLong()).isEqualTo(1);
			assertThat(waiting).isNotDone();
			assertThat(this.lanes.checking()).isEqualTo(1);
		}
		EdgeClient.Response admitted = waiting.get(30, TimeUnit.SECONDS);
		assertThat(admitted.status()).as(admitted.body()).isEqualTo(200);
		assertThat(admitted.json().get("ackedThroughSeq").asLong()).isEqualTo(80);
		assertThat(written(backlogKiosk)).isEqualTo(80);
	}

	@Test
	void aBacklogFlushThatWaitsInVainGets503AndNothingIsWritten() {
		EdgeClient.Kiosk kiosk = this.edge.newKiosk();
		String backlog = backlog(kiosk, 80);
		try (CheckLanes.Permit full = this.lanes.enter(-1)) {
			EdgeClient.Response refused = this.edge.flush(kiosk.id(), kiosk.token(), backlog);

			assertThat(refused.status()).as(refused.body()).isEqualTo(503);
			assertThat(refused.retryAfter()).isNotBlank();
			assertThat(refused.contentType()).contains("application/problem+json");
		}
		assertThat(written(kiosk)).isZero();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE source_id = ?", Long.class,
				kiosk.id()))
			.isZero();
	}

	private String backlog(EdgeClient.Kiosk kiosk, int entries) {
		String attendee = TestData.attendees(this.jdbc, kiosk.event(), 1).get(0);
		List<TestData.Entry> backlog = new ArrayList<>();
		for (long seq = 1; seq <= entries; seq++) {
			backlog.add(TestData.entry(kiosk.id(), seq, attendee));
		}
		String body = TestData.flush(entries, backlog.toArray(TestData.Entry[]::new));
		assertThat(body.length()).isGreaterThan(16_384);
		return body;
	}

	private long written(EdgeClient.Kiosk kiosk) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ?",
				Long.class, kiosk.id());
	}

}
