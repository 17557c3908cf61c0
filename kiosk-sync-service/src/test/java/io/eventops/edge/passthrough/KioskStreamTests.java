package io.eventops.edge.passthrough;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.edge.stream.ChangeNotifications;
import io.eventops.edge.stream.StreamSlots;
import io.eventops.reconciler.stream.ChangeLog;
import io.micrometer.core.instrument.MeterRegistry;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Long polls and change streams over real HTTPS against the real reconciler and
 * PostgreSQL: their slots per kiosk and per replica, their wake-up by the commit's
 * notification, and the stream's re-snapshot event. The safety poll is set far beyond
 * every wait here, so only a notification can wake a request early.
 */
@EdgeTest
@TestPropertySource(properties = { "eventops.edge.streams.per-kiosk=2", "eventops.edge.streams.total=3",
		"eventops.edge.streams.safety-poll=60s", "eventops.edge.streams.retry-after=3s" })
class KioskStreamTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@LocalServerPort
	private int port;

	@Autowired
	private StreamSlots slots;

	@Autowired
	private ChangeNotifications notifications;

	@Autowired
	private MeterRegistry registry;

	private final ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor();

	private final JdbcTemplate jdbc = EdgeStack.jdbc();

	private EdgeClient edge;

	private List<String> attendees;

	private EdgeClient.Kiosk kiosk;

	@BeforeEach
	void setUp() {
		this.edge = new EdgeClient(this.port);
		String event = TestData.unique("evt");
		this.attendees = TestData.attendees(this.jdbc, event, 3);
		this.kiosk = this.edge.newKiosk(event);
		Awaitility.await().until(this.notifications::listening);
	}

	@AfterEach
	void tearDown() {
		this.callers.shutdownNow();
	}

	@Test
	void theEdgeListensOnTheChannelTheReconcilerNotifies() {
		assertThat(ChangeNotifications.CHANNEL).isEqualTo(ChangeLog.CHANNEL);
		assertThat(this.registry.get("eventops.edge.stream.listening").gauge().value()).isOne();
	}

	@Test
	void aLongPollIsWokenByTheCommitsNotificationNotByTheSafetyPoll() throws Exception {
		long position = position();
		double notified = wakeUps("notify");
		double polled = wakeUps("poll");
		CompletableFuture<EdgeClient.Response> waiting = longPoll(this.kiosk.id(), this.kiosk.token(), position, 25);
		Awaitility.await().until(() -> this.notifications.parked(this.kiosk.event()) == 1);

		checkIn(this.kiosk.id(), this.kiosk.token(), 1, this.attendees.get(0));

		EdgeClient.Response woken = waiting.get();
		assertThat(woken.status()).isEqualTo(200);
		assertThat(woken.json().get("changes")).hasSize(1);
		assertThat(woken.json().get("changes").get(0).get("kind").asString()).isEqualTo("CHECKED_IN");
		assertThat(wakeUps("notify")).isGreaterThan(notified);
		assertThat(wakeUps("poll")).isEqualTo(polled);
		assertThat(this.slots.held(this.kiosk.id())).isZero();
	}

	@Test
	void streamsBeyondAKiosksShareOrTheReplicasTotalAreRefusedWithRetryAfterAndAFreedSlotIsReused() throws Exception {
		String other = TestData.kiosk();
		String otherToken = this.edge.provision(other, this.kiosk.event());
		long position = position();
		List<CompletableFuture<EdgeClient.Response>> waiting = new ArrayList<>();
		waiting.add(longPoll(this.kiosk.id(), this.kiosk.token(), position, 25));
		waiting.add(longPoll(this.kiosk.id(), this.kiosk.token(), position, 25));
		Awaitility.await().until(() -> this.slots.held(this.kiosk.id()) == 2);

		EdgeClient.Response kioskFull = longPoll(this.kiosk.id(), this.kiosk.token(), position, 25).get();
		assertRefused(kioskFull, 429, "too-many-streams");
		try (EdgeClient.EventStream stream = this.edge.openStream("/v1/kiosks/" + this.kiosk.id() + "/changes/stream",
				EdgeClient.bearer(this.kiosk.token()), position)) {
			assertThat(stream.status()).isEqualTo(429);
			assertThat(stream.retryAfter()).isEqualTo("3");
			assertThat(String.join("", stream.lines().toList())).contains("too-many-streams");
		}

		waiting.add(longPoll(other, otherToken, position, 25));
		Awaitility.await().until(() -> this.slots.held(other) == 1);
		EdgeClient.Response replicaFull = longPoll(other, otherToken, position, 25).get();
		assertRefused(replicaFull, 503, "streams-full");

		checkIn(other, otherToken, 1, this.attendees.get(0));
		for (CompletableFuture<EdgeClient.Response> poll : waiting) {
			assertThat(poll.get().status()).isEqualTo(200);
			assertThat(poll.get().json().get("changes")).hasSize(1);
		}
		Awaitility.await().until(() -> this.slots.held(this.kiosk.id()) == 0 && this.slots.held(other) == 0);

		EdgeClient.Response reused = longPoll(other, otherToken, position, 25).get();
		assertThat(reused.status()).isEqualTo(200);
		assertThat(reused.json().get("changes")).hasSize(1);
		assertThat(this.registry.get("eventops.edge.streams.refused").tag("scope", "kiosk").counter().count())
			.isGreaterThanOrEqualTo(2);
		assertThat(this.registry.get("eventops.edge.streams.refused").tag("scope", "total").counter().count())
			.isGreaterThanOrEqualTo(1);
	}

	@Test
	void aStreamDeliversACommittedChangeWithItsStreamSeqAsEventId() throws Exception {
		long position = position();
		try (EdgeClient.EventStream stream = this.edge.openStream("/v1/kiosks/" + this.kiosk.id() + "/changes/stream",
				EdgeClient.bearer(this.kiosk.token()), position)) {
			assertThat(stream.status()).isEqualTo(200);
			Awaitility.await().until(() -> this.notifications.parked(this.kiosk.event()) == 1);
			checkIn(this.kiosk.id(), this.kiosk.token(), 1, this.attendees.get(1));
			Iterator<String> lines = stream.lines().iterator();
			List<String> event = nextEvent(lines);
			assertThat(event).contains("event:CHECKED_IN");
			String id = event.stream().filter((line) -> line.startsWith("id:")).findFirst().orElseThrow();
			String data = event.stream().filter((line) -> line.startsWith("data:")).findFirst().orElseThrow();
			long streamSeq = JSON.readTree(data.substring("data:".length())).get("streamSeq").asLong();
			assertThat(streamSeq).isGreaterThan(position);
			assertThat(id).isEqualTo("id:" + streamSeq);
		}
	}

	@Test
	void aStreamWhosePositionWasPrunedIsToldToTakeANewSnapshotBeforeItCloses() {
		this.jdbc.update("INSERT INTO reconciler.change_log_horizon (event_id, pruned_through) VALUES (?, 1000)",
				this.kiosk.event());
		try (EdgeClient.EventStream stream = this.edge.openStream("/v1/kiosks/" + this.kiosk.id() + "/changes/stream",
				EdgeClient.bearer(this.kiosk.token()), 5)) {
			assertThat(stream.status()).isEqualTo(200);
			// the whole body: the server ends the stream after the event
			List<String> lines = stream.lines().toList();
			assertThat(lines).contains("event:" + KioskCacheController.RESYNC_EVENT);
			String data = lines.stream().filter((line) -> line.startsWith("data:")).findFirst().orElseThrow();
			assertThat(data).contains("\"status\":410").contains("resync");
		}
		Awaitility.await().until(() -> this.slots.held(this.kiosk.id()) == 0);
		EdgeClient.Response poll = this.edge.get("/v1/kiosks/" + this.kiosk.id() + "/changes?after=5",
				EdgeClient.bearer(this.kiosk.token()));
		assertThat(poll.status()).isEqualTo(410);
	}

	@Test
	void aMalformedChangesRequestGetsAStreamProblem() {
		EdgeClient.Response refused = this.edge.get("/v1/kiosks/" + this.kiosk.id() + "/changes?after=0&waitSeconds=31",
				EdgeClient.bearer(this.kiosk.token()));
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.isProblem()).isTrue();
		assertThat(refused.json().get("type").asString()).endsWith("malformed-stream-request");
	}

	private static List<String> nextEvent(Iterator<String> lines) {
		List<String> event = new ArrayList<>();
		while (lines.hasNext()) {
			String line = lines.next();
			if (line.isEmpty() && event.stream().anyMatch((field) -> field.startsWith("event:"))) {
				return event;
			}
			if (!line.isEmpty() && !line.startsWith(":")) {
				event.add(line);
			}
		}
		return event;
	}

	private void assertRefused(EdgeClient.Response response, int status, String slug) {
		assertThat(response.status()).isEqualTo(status);
		assertThat(response.isProblem()).isTrue();
		assertThat(response.json().get("type").asString()).endsWith(slug);
		assertThat(response.retryAfter()).isEqualTo("3");
	}

	private CompletableFuture<EdgeClient.Response> longPoll(String kioskId, String kioskToken, long after,
			int waitSeconds) {
		return CompletableFuture.supplyAsync(
				() -> this.edge.get("/v1/kiosks/" + kioskId + "/changes?after=" + after + "&waitSeconds=" + waitSeconds,
						EdgeClient.bearer(kioskToken)),
				this.callers);
	}

	private long position() {
		EdgeClient.Response snapshot = this.edge.get("/v1/kiosks/" + this.kiosk.id() + "/snapshot",
				EdgeClient.bearer(this.kiosk.token()));
		assertThat(snapshot.status()).isEqualTo(200);
		return snapshot.json().get("streamSeq").asLong();
	}

	private void checkIn(String kioskId, String kioskToken, long seq, String attendee) {
		EdgeClient.Response flushed = this.edge.flush(kioskId, kioskToken,
				TestData.flush(seq, TestData.entry(kioskId, seq, attendee)));
		assertThat(flushed.status()).isEqualTo(200);
		assertThat(flushed.json().get("results").get(0).get("outcome").asString()).isEqualTo("APPLIED");
	}

	private double wakeUps(String cause) {
		return this.registry.get("eventops.edge.stream.wakeups").tag("cause", cause).counter().count();
	}

}
