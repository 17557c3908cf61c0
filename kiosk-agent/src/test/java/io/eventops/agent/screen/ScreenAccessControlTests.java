package io.eventops.agent.screen;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.eventops.agent.EdgeFixtureAccess;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.cache.CachedPolicy;
import io.eventops.agent.cache.KioskPlacement;
import io.eventops.agent.http.WireFormat;
import io.eventops.model.flush.KioskDecision;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The screen's API under the event's policy (issue #35), on a real agent whose fresh log
 * learnt its sequence from the real edge, then offline: an admission the kiosk decided
 * itself is marked so, a refusal is answered with its reason (recorded as a
 * {@code REFUSED} entry), an exit kiosk says goodbye; and the screen has a text in
 * English and German for every reason.
 */
class ScreenAccessControlTests {

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

	private List<String> attendees;

	@BeforeEach
	void setUp() throws IOException {
		String kioskId = EdgeFixtureAccess.newKioskId("screen-ac");
		String token = EdgeFixtureAccess.provision(kioskId);
		this.attendees = EdgeFixtureAccess.attendees("scrac", 2);
		this.running = ScreenServer.open(
				KioskAgent.builder(EdgeFixtureAccess.config(kioskId, token, this.directory.resolve("k.db")))
					.network(this.network::get),
				new ScreenSettings(0, "864213", Duration.ofSeconds(60), "en"), TEST_LONG_POLL);
		await().atMost(Duration.ofMinutes(1)).until(() -> get("/api/status").json().get("ready").asBoolean());
		await().atMost(Duration.ofMinutes(1))
			.until(() -> this.running.agent().cache().find(this.attendees.get(1)).isPresent());
		this.network.set(false);
		await().atMost(Duration.ofMinutes(1)).until(() -> !get("/api/status").json().get("online").asBoolean());
		// the policy as the stream will bring it, staged at the cache's own position
		AttendeeCache cache = this.running.agent().cache();
		cache.replace(EdgeFixtureAccess.EVENT_ID, cache.streamSeq(),
				List.of(attendee(this.attendees.get(0), "full"), attendee(this.attendees.get(1), "day")),
				new CachedPolicy(2, WireFormat.write(policy())));
		cache.keepPlacement(new KioskPlacement("main-hall", KioskPlacement.Direction.ENTRY));
	}

	@AfterEach
	void tearDown() {
		this.running.close();
	}

	@Test
	void anOfflineAdmissionIsMarkedAndASecondScanOfAOnceTicketIsRefusedWithItsReason() {
		Answer admitted = post("/api/scans", Map.of("text", this.attendees.get(0)));
		assertThat(admitted.status()).isEqualTo(201);
		assertThat(admitted.json().get("entryType").asString()).isEqualTo("CHECK_IN");
		assertThat(admitted.json().get("decidedOffline").asBoolean()).isTrue();
		assertThat(admitted.json().get("policyVersion").asLong()).isEqualTo(2);
		assertThat(admitted.json().get("delivery").asString()).isEqualTo("SAVED_ON_KIOSK");

		Answer refused = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(0)));
		assertThat(refused.status()).isEqualTo(201);
		assertThat(refused.json().get("entryType").asString()).isEqualTo("REFUSED");
		assertThat(refused.json().get("refusal").get("reason").asString()).isEqualTo("ALREADY_ENTERED");
		assertThat(refused.json().get("decidedOffline").asBoolean()).isTrue();

		Answer wrongTicket = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(1)));
		assertThat(wrongTicket.json().get("refusal").get("reason").asString()).isEqualTo("TICKET_NOT_VALID_HERE");
		// every scan is one entry on the kiosk, refusals included, flushed like the rest
		assertThat(get("/api/status").json().get("backlog").asLong()).isEqualTo(3);
	}

	// issue #36: "that was not me" annuls the kiosk's own admission within the annul
	// window; the annulled admission counts nowhere, so the ONCE ticket enters again
	@Test
	void thatWasNotMeAnnulsTheKiosksOwnAdmissionAndTheTicketEntersAgain() {
		Answer admitted = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(0)));
		String key = admitted.json().get("idempotencyKey").asString();
		assertThat(java.time.OffsetDateTime.parse(admitted.json().get("annulUntil").asString()))
			.isAfter(java.time.OffsetDateTime.now());

		Answer annulled = post("/api/annulments", Map.of("attendeeId", this.attendees.get(0), "idempotencyKey", key));
		assertThat(annulled.status()).as(annulled.body()).isEqualTo(201);
		assertThat(annulled.json().get("entryType").asString()).isEqualTo("ANNUL");
		assertThat(annulled.json().get("annuls").asString()).isEqualTo(key);
		assertThat(post("/api/annulments", Map.of("attendeeId", this.attendees.get(0), "idempotencyKey", key)).status())
			.isEqualTo(409);
		assertThat(post("/api/annulments",
				Map.of("attendeeId", this.attendees.get(0), "idempotencyKey", "another-kiosk:1"))
			.status()).isEqualTo(409);
		assertThat(post("/api/annulments", Map.of("idempotencyKey", key)).status()).isEqualTo(400);

		Answer again = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(0)));
		assertThat(again.json().get("entryType").asString()).as(again.body()).isEqualTo("CHECK_IN");
		// the admission, its annulment and the new admission, flushed like the rest
		assertThat(get("/api/status").json().get("backlog").asLong()).isEqualTo(3);
	}

	@Test
	void anExitKioskRecordsAnExitAndNeverRefuses() {
		this.running.agent().cache().keepPlacement(new KioskPlacement("main-hall", KioskPlacement.Direction.BOTH));
		Answer exit = post("/api/check-ins", Map.of("attendeeId", this.attendees.get(1), "leaving", true));
		assertThat(exit.status()).isEqualTo(201);
		assertThat(exit.json().get("entryType").asString()).isEqualTo("EXIT");
		assertThat(exit.json().has("refusal")).isFalse();
	}

	// the screen offers "I am leaving" at a BOTH kiosk and says an EXIT kiosk records
	// exits: it learns the kiosk's place from the status
	@Test
	void theStatusTellsTheScreenTheKiosksAreaDirectionAndWhetherThePolicyDecides() {
		JsonNode entry = get("/api/status").json();
		assertThat(entry.get("areaId").asString()).isEqualTo("main-hall");
		assertThat(entry.get("direction").asString()).isEqualTo("ENTRY");
		assertThat(entry.get("accessControl").asBoolean()).isTrue();

		this.running.agent().cache().keepPlacement(new KioskPlacement("main-hall", KioskPlacement.Direction.EXIT));
		assertThat(get("/api/status").json().get("direction").asString()).isEqualTo("EXIT");

		this.running.agent().cache().keepPlacement(KioskPlacement.NONE);
		JsonNode none = get("/api/status").json();
		assertThat(none.get("areaId").isNull()).isTrue();
		assertThat(none.get("direction").asString()).isEqualTo("ENTRY");
		assertThat(none.get("accessControl").asBoolean()).isFalse();
	}

	@Test
	void everyReasonHasPlainWordsInEnglishAndGermanWithCallStaff() throws IOException {
		JsonNode english = messages("en");
		JsonNode german = messages("de");
		for (String reason : KioskDecision.REASONS) {
			assertThat(english.path("refused." + reason).asString()).as(reason).isNotBlank();
			assertThat(german.path("refused." + reason).asString()).as(reason).isNotBlank();
			assertThat(german.path("refused." + reason).asString()).isNotEqualTo(english.path("refused." + reason));
		}
		assertThat(english.path("refused.call").asString()).containsIgnoringCase("call staff");
		assertThat(german.path("refused.call").asString()).isEqualTo("Bitte wenden Sie sich an das Personal.");
		assertThat(english.path("decision.offline").asString()).isNotBlank();
		assertThat(german.path("decision.offline").asString()).isNotBlank();
		assertThat(english.propertyNames()).containsExactlyInAnyOrderElementsOf(german.propertyNames());
	}

	private JsonNode messages(String language) throws IOException {
		try (InputStream in = ScreenServer.class.getResourceAsStream("/kiosk-screen/messages/" + language + ".json")) {
			return WireFormat.tree(in.readAllBytes());
		}
	}

	private static CachedAttendee attendee(String id, String ticketType) {
		return new CachedAttendee(id, "Attendee " + id, null, null, false, null, 1, null, null, ticketType, List.of());
	}

	// the hall admits full passes once; the policy's days are every day of a wide range,
	// so the machine's clock is always on one
	private static Map<String, Object> policy() {
		Map<String, Object> hall = new LinkedHashMap<>();
		hall.put("areaId", "main-hall");
		hall.put("name", "Main hall");
		hall.put("admits", List.of("full"));
		hall.put("reentry", "ONCE");
		Map<String, Object> desk = Map.of("areaId", "badge-desk", "name", "Badge desk", "admits",
				List.of("full", "day"), "reentry", "ANY", "printsBadge", true);
		java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.UTC);
		List<String> days = java.util.stream.Stream.iterate(today.minusDays(2), (day) -> day.plusDays(1))
			.limit(5)
			.map(java.time.LocalDate::toString)
			.toList();
		return Map.of("timeZone", "Europe/Berlin", "days", days, "ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass"), Map.of("id", "day", "name", "Day pass")), "areas",
				List.of(desk, hall));
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
			return new Answer(response.statusCode(), response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private record Answer(int status, String body) {

		JsonNode json() {
			return WireFormat.tree(this.body.getBytes(StandardCharsets.UTF_8));
		}

	}

}
