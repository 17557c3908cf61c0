package io.eventops.agent;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

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
 * A skeptic's review of the first-run page (#37), against the real edge: a failure the
 * agent could have found on the device before it redeemed the code must not burn the
 * code, and must not leave a configuration the agent cannot start from ("nothing is
 * written" unless the kiosk is enrolled and its screen runs; docs/fleet.md).
 */
class FirstRunReviewTests {

	@TempDir
	Path directory;

	private final EdgeFixture edge = EdgeFixture.get();

	private final HttpClient http = HttpClient.newHttpClient();

	/**
	 * docs/fleet.md: "remove [the configuration file] to enrol the device again", and "a
	 * kiosk offline that long is re-enrolled; its unflushed entries stay in its log". A
	 * device re-enrolled that way from its first-run page keeps its log (the same
	 * {@code --db}), which belongs to the old kiosk id. The page redeems the new code
	 * first, writes the configuration, and only then finds that the agent cannot open the
	 * log ("This log belongs to kiosk …"): 500 {@code agent-not-started}, the code used,
	 * a new kiosk at the edge whose token is in a file the agent can never start from (at
	 * the next start the file exists, so {@code serve} does not even show the first-run
	 * page again). Either the re-enrolment works, or it is refused before the code is
	 * redeemed and nothing is written.
	 */
	@Test
	void reEnrollingADeviceThatKeepsItsLogEitherWorksOrWritesNothingAndKeepsTheCode() throws Exception {
		Path config = this.directory.resolve("kiosk-agent.properties");
		Path database = this.directory.resolve("k.db");
		String first = this.edge.enrolmentCode(Map.of("profile", "KIOSK"));
		try (FirstRunServer firstRun = open(config, database)) {
			Answer enrolled = post(firstRun, Map.of("code", first));
			assertThat(enrolled.status()).as(enrolled.body()).isEqualTo(201);
			await().atMost(Duration.ofMinutes(1))
				.until(() -> get(firstRun, "/api/status").json().path("ready").asBoolean());
		}
		// as docs/fleet.md says: remove the file to enrol the device again
		Files.delete(config);

		String second = this.edge.enrolmentCode(Map.of("profile", "KIOSK"));
		try (FirstRunServer again = open(config, database)) {
			Answer answer = post(again, Map.of("code", second));
			if (answer.status() == 201) {
				await().atMost(Duration.ofMinutes(1))
					.until(() -> get(again, "/api/status").json().path("ready").asBoolean());
				return;
			}
			assertThat(config).as("a re-enrolment that failed (" + answer.body() + ") left its configuration")
				.doesNotExist();
		}
		assertCodeStillEnrols(second);
	}

	/**
	 * A {@code --config} the agent cannot write (here its parent is a regular file; a
	 * read-only directory or a full disk do the same) is found only after the edge
	 * redeemed the code: the page answers 500 {@code kiosk-error}, the code is used, and
	 * the edge holds an active kiosk whose token nobody has. The device could have
	 * checked that it can create the file before it redeemed the code.
	 */
	@Test
	void aConfigurationFileThatCannotBeWrittenDoesNotBurnTheCode() throws Exception {
		Path notADirectory = Files.writeString(this.directory.resolve("etc"), "a file, not a directory");
		Path config = notADirectory.resolve("kiosk-agent.properties");
		String code = this.edge.enrolmentCode(Map.of("profile", "KIOSK"));
		try (FirstRunServer firstRun = open(config, this.directory.resolve("k.db"))) {
			Answer answer = post(firstRun, Map.of("code", code));
			assertThat(answer.status()).as(answer.body()).isNotEqualTo(201);
		}
		assertCodeStillEnrols(code);
	}

	// the code, presented by a fresh device with a writable configuration and its own
	// log, enrols it
	private void assertCodeStillEnrols(String code) throws IOException {
		Path fresh = this.directory.resolve("fresh");
		try (FirstRunServer device = open(fresh.resolve("kiosk-agent.properties"), fresh.resolve("k.db"))) {
			Answer answer = post(device, Map.of("code", code));
			assertThat(answer.status()).as("the code after the failed enrolment: " + answer.body()).isEqualTo(201);
		}
	}

	private FirstRunServer open(Path config, Path database) throws IOException {
		Enrolment enrolment = new Enrolment(this.edge.edgeUrl(), this.edge.caFile(), null, config, database.toString());
		return FirstRunServer.open(new ScreenSettings(0, "864213", Duration.ofSeconds(60), "en"), enrolment,
				() -> KioskAgent
					.builder(ConfigResolver.resolve(Map.of(ConfigResolver.CONFIG, config.toString()), Map.of())));
	}

	private static URI url(FirstRunServer server, String path) {
		return URI.create(server.url()).resolve(path);
	}

	private Answer get(FirstRunServer server, String path) {
		return send(HttpRequest.newBuilder(url(server, path)).GET());
	}

	private Answer post(FirstRunServer server, Map<String, ?> body) {
		return send(HttpRequest.newBuilder(url(server, "/api/enrol"))
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
			return WireFormat.tree(this.body.getBytes(StandardCharsets.UTF_8));
		}

	}

}
