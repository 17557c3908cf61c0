package io.eventops.agent.screen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.eventops.agent.EdgeFixtureAccess;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.TlsProxy;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.http.WireFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The screen's API on a real agent against the real edge and reconciler (PostgreSQL,
 * Redis): confirmed only after the log committed, "saved on this kiosk" while the network
 * is cut and delivered once it is back, problems for everything else, 127.0.0.1 only, and
 * staff mode behind the PIN.
 */
class ScreenServerTests {

	// a poll in flight notices a cut network only when it ends: short polls, so that a
	// test
	// cutting the network waits a second for the screen to say offline, not the 20 s of
	// production's poll
	private static final Duration TEST_LONG_POLL = Duration.ofSeconds(1);

	@TempDir
	Path directory;

	private final HttpClient http = HttpClient.newHttpClient();

	private final AtomicBoolean network = new AtomicBoolean(true);

	private ScreenServer.Running running;

	private String kioskId;

	private List<String> attendees;

	private AgentConfig config;

	@BeforeEach
	void setUp() throws IOException {
		this.kioskId = EdgeFixtureAccess.newKioskId("screen");
		String token = EdgeFixtureAccess.provision(this.kioskId);
		this.attendees = EdgeFixtureAccess.attendees("scr", 4);
		this.config = EdgeFixtureAccess.config(this.kioskId, token, this.directory.resolve("k.db"));
		serve(this.config);
	}

	private void serve(AgentConfig config) throws IOException {
		this.running = ScreenServer.open(KioskAgent.builder(config).network(this.network::get),
				new ScreenSettings(0, "864213", Duration.ofSeconds(60), "en"), TEST_LONG_POLL);
		await().atMost(Duration.ofMinutes(1)).until(() -> get("/api/status").json().get("ready").asBoolean());
	}

	@AfterEach
	void tearDown() {
		this.running.close();
	}

	@Test
	void aCheckInIsAnsweredAfterTheCommitAndSaysTheEdgeHasIt() {
		Answer checkIn = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(0)));
		assertThat(checkIn.status()).isEqualTo(201);
		assertThat(checkIn.json().get("delivery").asString()).isEqualTo("DELIVERED");
		assertThat(checkIn.json().get("outcome").asString()).isEqualTo("APPLIED");
		assertThat(EdgeFixtureAccess.processed(this.kioskId)).containsEntry(1L, "APPLIED");

		Answer again = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(0)));
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.contentType()).isEqualTo("application/problem+json");
		assertThat(again.json().get("type").asString()).endsWith("/already-checked-in");
		assertThat(again.json().get("attendee").get("checkedInBy").asString()).isEqualTo(this.kioskId);
		assertThat(again.json().get("attendee").get("checkedInAt").isString()).isTrue();
		assertThat(EdgeFixtureAccess.processed(this.kioskId)).hasSize(1);
	}

	@Test
	void aRevokedKioskSaysSoEmptiesItsSearchAndAdmitsNoOne() {
		EdgeFixtureAccess.revoke(this.kioskId, "LOST");
		// the screen's next contact with the edge meets the 401 device-revoked
		await().atMost(Duration.ofMinutes(1)).until(() -> get("/api/status").json().get("revoked").asBoolean());
		JsonNode status = get("/api/status").json();
		assertThat(status.get("ready").asBoolean()).isFalse();
		assertThat(status.get("attendees").asLong()).isZero();
		Answer checkIn = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(0)));
		assertThat(checkIn.status()).isEqualTo(403);
		assertThat(checkIn.json().get("type").asString()).endsWith("/device-revoked");
		assertThat(EdgeFixtureAccess.processed(this.kioskId)).isEmpty();
	}

	@Test
	void whileTheNetworkIsCutACheckInIsSavedOnTheKioskAndDeliveredWhenItIsBack() {
		this.network.set(false);
		Answer checkIn = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(1)));
		assertThat(checkIn.status()).isEqualTo(201);
		assertThat(checkIn.json().get("delivery").asString()).isEqualTo("SAVED_ON_KIOSK");
		assertThat(get("/api/status").json().get("backlog").asLong()).isEqualTo(1);
		assertThat(get("/api/attendees/" + this.attendees.get(1) + "/badge").json().get("status").asString())
			.isEqualTo("SAVED_ON_KIOSK");
		assertThat(EdgeFixtureAccess.processed(this.kioskId)).isEmpty();
		this.network.set(true);
		await().atMost(Duration.ofMinutes(1))
			.untilAsserted(() -> assertThat(EdgeFixtureAccess.processed(this.kioskId)).containsEntry(1L, "APPLIED"));
		await().atMost(Duration.ofMinutes(1)).until(() -> get("/api/status").json().get("backlog").asLong() == 0);
	}

	@Test
	void aCheckInTheEdgeRefusesOnItsOwnIsNotConfirmedAsSavedButSendsToStaff() throws Exception {
		String refused = this.attendees.get(3);
		try (TlsProxy proxy = EdgeFixtureAccess.proxy()) {
			proxy.refuseFlushes(400, (body) -> new String(body, StandardCharsets.UTF_8).contains(refused));
			this.running.close();
			serve(this.config.withEdgeUrl(proxy.url()));
			await().atMost(Duration.ofMinutes(1)).until(() -> get("/api/status").json().get("online").asBoolean());

			Answer checkIn = post("/api/check-ins", Map.of("attendeeId", refused));

			assertThat(checkIn.status()).isEqualTo(201);
			assertThat(checkIn.json().get("delivery").asString()).isEqualTo("ASK_STAFF");
			assertThat(this.running.agent().status().deadLetters()).singleElement()
				.satisfies((dead) -> assertThat(dead.attendeeId()).isEqualTo(refused));
			assertThat(get("/api/attendees/" + refused + "/badge").json().get("status").asString())
				.isEqualTo("ASK_STAFF");
		}
	}

	@Test
	void twoScansAtOnceForOneAttendeeRecordOneEntry() throws Exception {
		List<String> attendees = EdgeFixtureAccess.attendees("twice", 8);
		await().atMost(Duration.ofMinutes(1))
			.until(() -> attendees.stream().allMatch((id) -> get("/api/attendees/" + id).status() == 200));
		// offline: each answer comes right after the commit
		this.network.set(false);
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			for (String attendee : attendees) {
				CountDownLatch start = new CountDownLatch(1);
				List<Future<Answer>> scans = new ArrayList<>();
				for (int i = 0; i < 2; i++) {
					scans.add(threads.submit(() -> {
						start.await();
						return post("/api/scans", Map.of("text", attendee));
					}));
				}
				start.countDown();
				List<Integer> statuses = new ArrayList<>();
				for (Future<Answer> scan : scans) {
					statuses.add(scan.get(1, TimeUnit.MINUTES).status());
				}
				assertThat(statuses).as(attendee).containsExactlyInAnyOrder(201, 409);
			}
		}
		assertThat(this.running.agent().status().lastSeq()).isEqualTo(attendees.size());
	}

	// the cache is a convenience: a busy cache turns neither the check-in nor the
	// "already checked in" answer into a failure (issue #42, item 12)
	@Test
	void aBusyCacheTurnsNeitherTheCheckInNorTheSecondScanIntoAFailure() throws Exception {
		String attendee = this.attendees.get(1);
		this.network.set(false);
		try (java.sql.Connection cache = java.sql.DriverManager
			.getConnection("jdbc:sqlite:" + this.directory.resolve("k.db.cache"));
				java.sql.Statement statement = cache.createStatement()) {
			statement.execute("BEGIN IMMEDIATE");
			assertThat(post("/api/scans", Map.of("text", attendee)).status()).isEqualTo(201);
			Answer again = post("/api/scans", Map.of("text", attendee));
			assertThat(again.status()).isEqualTo(409);
			assertThat(again.json().get("type").asString()).endsWith("/already-checked-in");
			assertThat(again.json().get("attendee").get("checkedIn").asBoolean()).isTrue();
			statement.execute("ROLLBACK");
		}
		assertThat(this.running.agent().status().lastSeq()).isEqualTo(1);
	}

	@Test
	void searchAndScanUseTheCacheAndEverythingElseIsAProblem() {
		Answer search = get("/api/search?q=" + this.attendees.get(2).toUpperCase());
		assertThat(search.json().get("results").get(0).get("attendeeId").asString()).isEqualTo(this.attendees.get(2));

		Answer scan = post("/api/scans",
				Map.of("text", "EVT1:" + EdgeFixtureAccess.EVENT_ID + ":" + this.attendees.get(2) + ":1"));
		assertThat(scan.status()).isEqualTo(201);
		Answer wrongEvent = post("/api/scans", Map.of("text", "EVT1:other-event:" + this.attendees.get(3) + ":1"));
		assertThat(wrongEvent.status()).isEqualTo(422);
		assertThat(wrongEvent.json().get("type").asString()).endsWith("/wrong-event");
		Answer unknown = post("/api/scans", Map.of("text", "att_nobody"));
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.json().get("type").asString()).endsWith("/unknown-attendee");
		Answer malformed = post("/api/check-ins", Map.of("attendeeId", "no spaces please"));
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.json().get("errors").get(0).get("field").asString()).isEqualTo("attendeeId");
		Answer notJson = send(
				HttpRequest.newBuilder(url("/api/check-ins")).POST(HttpRequest.BodyPublishers.ofString("{not json")));
		assertThat(notJson.status()).isEqualTo(400);
		// nothing of the refused ones was recorded
		assertThat(this.running.agent().status().lastSeq()).isEqualTo(1);
		Answer express = post("/api/express-codes", Map.of("code", "not-a-code"));
		assertThat(express.json().get("type").asString()).endsWith("/malformed-express-code");
	}

	@Test
	void onlyThisHostAndTheScreensOwnOriginGetIn() throws IOException {
		int port = url("/").getPort();
		try (Socket socket = new Socket("127.0.0.1", port)) {
			OutputStream out = socket.getOutputStream();
			out.write(("GET /api/status HTTP/1.1\r\nHost: evil.example:" + port + "\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).startsWith("HTTP/1.1 421");
		}
		Answer crossOrigin = send(HttpRequest.newBuilder(url("/api/check-ins"))
			.header("Origin", "http://evil.example")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"attendeeId\":\"" + this.attendees.get(3) + "\"}")));
		assertThat(crossOrigin.status()).isEqualTo(403);
		assertThat(this.running.agent().status().lastSeq()).isZero();
		Answer page = get("/");
		assertThat(page.status()).isEqualTo(200);
		assertThat(page.body()).contains("<kiosk-app>");
		assertThat(get("/../pom.xml").status()).isEqualTo(404);
	}

	@Test
	void staffModeNeedsThePin() {
		assertThat(get("/api/staff/summary").status()).isEqualTo(401);
		assertThat(post("/api/staff/session", Map.of("pin", "111111")).status()).isEqualTo(401);
		String token = post("/api/staff/session", Map.of("pin", "864213")).json().get("token").asString();
		Answer summary = send(
				HttpRequest.newBuilder(url("/api/staff/summary")).header("Authorization", "Bearer " + token).GET());
		assertThat(summary.status()).isEqualTo(200);
		assertThat(summary.json().get("kioskId").asString()).isEqualTo(this.kioskId);
		assertThat(summary.json().get("health").get("edge").asString()).isEqualTo("UP");
		Answer language = send(HttpRequest.newBuilder(url("/api/staff/language"))
			.header("Authorization", "Bearer " + token)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"language\":\"de\"}")));
		assertThat(language.status()).isEqualTo(200);
		assertThat(get("/api/status").json().get("language").asString()).isEqualTo("de");
		Answer badLanguage = send(HttpRequest.newBuilder(url("/api/staff/language"))
			.header("Authorization", "Bearer " + token)
			.POST(HttpRequest.BodyPublishers.ofString("{\"language\":\"xx\"}")));
		assertThat(badLanguage.status()).isEqualTo(400);
	}

	private URI url(String path) {
		return URI.create(this.running.screen().url()).resolve(path);
	}

	private Answer get(String path) {
		return send(HttpRequest.newBuilder(url(path)).GET());
	}

	private Answer post(String path, Map<String, ?> body) {
		return send(HttpRequest.newBuilder(url(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(body))));
	}

	private Answer send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.http.send(request.timeout(Duration.ofSeconds(30)).build(),
					HttpResponse.BodyHandlers.ofString());
			return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
					response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private record Answer(int status, String contentType, String body) {

		JsonNode json() {
			return WireFormat.tree(this.body.getBytes(StandardCharsets.UTF_8));
		}

	}

}
