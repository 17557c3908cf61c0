package io.eventops.agent;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.enrol.Enrolment;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.screen.FirstRunServer;
import io.eventops.agent.screen.ScreenSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The kiosk screen's first-run page (#37) against the real edge: {@code serve} without a
 * token and with a configuration file still to write answers on the screen's port with
 * the first-run page and nothing else (no log, no attendee cache, no cache key on the
 * device); a code typed as people type it enrols the kiosk through the edge, writes the
 * configuration readable by its owner only with the edge's certificate pinned, and the
 * same port serves the normal screen without a restart; a second use of the code is the
 * edge's 410, a wrong one its 404, and neither writes anything (invariant 6: the kiosk
 * holds a hash-stored token of its own).
 */
class FirstRunScreenTests {

	@TempDir
	Path directory;

	private final EdgeFixture edge = EdgeFixture.get();

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void enrolsFromTheFirstRunPageAndServesTheScreenOnTheSamePort() throws Exception {
		String code = this.edge.enrolmentCode(Map.of("profile", "KIOSK"));
		Path config = this.directory.resolve("kiosk-agent.properties");
		try (FirstRunServer firstRun = open(config, this.directory.resolve("k.db"))) {
			JsonNode status = get(firstRun, "/api/status").json();
			assertThat(status.get("firstRun").asBoolean()).isTrue();
			assertThat(status.get("ready").asBoolean()).isFalse();
			assertThat(get(firstRun, "/").body()).contains("<kiosk-app>");
			// the normal screen's API is not there: nothing to search before enrolment
			assertThat(get(firstRun, "/api/search?q=a").status()).isEqualTo(503);

			Answer crossOrigin = send(HttpRequest.newBuilder(url(firstRun, "/api/enrol"))
				.header("Origin", "http://evil.example")
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(Map.of("code", code)))));
			assertThat(crossOrigin.status()).isEqualTo(403);
			Answer malformed = post(firstRun, "/api/enrol", Map.of("code", "not a code"));
			assertThat(malformed.status()).isEqualTo(400);
			assertThat(malformed.type()).isEqualTo("malformed-enrolment-code");
			Answer unknown = post(firstRun, "/api/enrol", Map.of("code", "ZZZZZ-ZZZZZ"));
			assertThat(unknown.status()).isEqualTo(404);
			assertThat(unknown.type()).isEqualTo("unknown-enrolment-code");
			// nothing on the device yet: no configuration, no log, no cache, no key
			assertThat(files()).isEmpty();
			assertThat(get(firstRun, "/api/status").json().get("firstRun").asBoolean()).isTrue();

			// as someone types it: lower case, a space and a hyphen, O for 0 and l for 1
			String typed = code.toLowerCase().replace('0', 'o').replace('1', 'l');
			Answer enrolled = post(firstRun, "/api/enrol",
					Map.of("code", typed.substring(0, 3) + " " + typed.substring(3), "label", "Hall A, gate 3"));
			assertThat(enrolled.status()).as(enrolled.body()).isEqualTo(201);
			String kioskId = enrolled.json().get("kioskId").stringValue();
			assertThat(kioskId).matches("k-[0-9a-z]{10}");
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config))).isEqualTo("rw-------");
			assertThat(Files.readString(config)).contains("kiosk-id=" + kioskId)
				.containsPattern("edge-cert-sha256=[0-9a-f]{64}");

			// the same port is the screen now, of the enrolled kiosk
			await().atMost(Duration.ofMinutes(1))
				.until(() -> get(firstRun, "/api/status").json().path("ready").asBoolean());
			JsonNode screen = get(firstRun, "/api/status").json();
			assertThat(screen.has("firstRun")).isFalse();
			assertThat(screen.get("kioskId").stringValue()).isEqualTo(kioskId);
			assertThat(get(firstRun, "/api/search?q=a").status()).isEqualTo(200);
			assertThat(firstRun.running().agent().config().kioskId()).isEqualTo(kioskId);
			// the enrolment endpoint is gone with the first-run page
			assertThat(post(firstRun, "/api/enrol", Map.of("code", code)).status()).isEqualTo(404);
		}

		// the code enrolled one kiosk: another device presenting it gets the edge's 410
		Path other = this.directory.resolve("other/kiosk-agent.properties");
		try (FirstRunServer second = open(other, this.directory.resolve("other/k.db"))) {
			Answer used = post(second, "/api/enrol", Map.of("code", code));
			assertThat(used.status()).isEqualTo(410);
			assertThat(used.type()).isEqualTo("enrolment-code-used");
			assertThat(get(second, "/api/status").json().get("firstRun").asBoolean()).isTrue();
		}
		assertThat(other.getParent()).doesNotExist();
	}

	private FirstRunServer open(Path config, Path database) throws IOException {
		Enrolment enrolment = new Enrolment(this.edge.edgeUrl(), this.edge.caFile(), null, config, database.toString());
		// as ServeCommand does: the agent from the file once it is written
		return FirstRunServer.open(new ScreenSettings(0, "864213", Duration.ofSeconds(60), "en"), enrolment,
				() -> KioskAgent
					.builder(ConfigResolver.resolve(Map.of(ConfigResolver.CONFIG, config.toString()), Map.of())));
	}

	private List<Path> files() throws IOException {
		try (Stream<Path> files = Files.walk(this.directory)) {
			return files.filter(Files::isRegularFile).toList();
		}
	}

	private static URI url(FirstRunServer server, String path) {
		return URI.create(server.url()).resolve(path);
	}

	private Answer get(FirstRunServer server, String path) {
		return send(HttpRequest.newBuilder(url(server, path)).GET());
	}

	private Answer post(FirstRunServer server, String path, Map<String, ?> body) {
		return send(HttpRequest.newBuilder(url(server, path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(body))));
	}

	private Answer send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.http.send(request.timeout(Duration.ofSeconds(60)).build(),
					HttpResponse.BodyHandlers.ofString());
			return new Answer(response.statusCode(), response.body());
		}
		catch (IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private record Answer(int status, String body) {

		JsonNode json() {
			return WireFormat.tree(this.body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
		}

		String type() {
			String type = json().path("type").asString();
			return type.substring(type.lastIndexOf('/') + 1);
		}

	}

}
