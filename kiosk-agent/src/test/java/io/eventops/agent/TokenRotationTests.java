package io.eventops.agent;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.eventops.agent.cli.KioskAgentCli;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.http.EdgeClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Token rotation against the real edge (issue #37): the agent keeps a token the edge
 * delivers in its configuration file (atomically, owner-only) before it uses it, also
 * when an earlier delivery got lost, and the old token is refused once the edge's
 * rotation grace has passed after its first use of the new one; every
 * {@code token-max-age} it rotates its own; without a configuration file to keep a token
 * in, it keeps using the old one.
 */
class TokenRotationTests {

	@TempDir
	Path directory;

	@Test
	void anAdminsRotationReachesTheAgentWhichKeepsTheTokenAndRetiresTheOldOneByUsingTheNew() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		Path config = enrol(edge);
		String old = token(config);
		AgentConfig settings = ConfigResolver.resolve(Map.of("config", config.toString()), Map.of());
		assertThat(settings.configFile()).isEqualTo(config);
		String kioskId = settings.kioskId();
		List<String> attendees = edge.attendees("rotate", 2);
		try (KioskAgent agent = KioskAgent.open(settings)) {
			agent.checkIn(attendees.get(0));
			assertThat(agent.flush().drained()).isTrue();

			edge.rotate(kioskId);
			// the answer carrying the first token got lost: the kiosk never saw it
			String lost = edge.syncState(kioskId, old).headers().firstValue(EdgeClient.NEW_TOKEN).orElseThrow();

			agent.checkIn(attendees.get(1));
			assertThat(agent.flush().drained()).isTrue();
			String kept = token(config);
			assertThat(kept).isNotEqualTo(old).isNotEqualTo(lost).hasSize(43);
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config))).isEqualTo("rw-------");
			assertThat(read(config).getProperty("kiosk-id")).isEqualTo(kioskId);

			// the agent's next request uses the kept token: the lost one stops, the old
			// one after the grace (requests in flight)
			assertThat(agent.edgeGet("/sync-state").status()).isEqualTo(200);
			assertThat(edge.syncState(kioskId, lost).statusCode()).isEqualTo(401);
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> edge.syncState(kioskId, old).statusCode() == 401);
			assertThat(edge.syncState(kioskId, kept).statusCode()).isEqualTo(200);
			assertThat(edge.processed(kioskId)).hasSize(2);
		}
		// after a restart the agent reads the kept token
		try (KioskAgent agent = KioskAgent
			.open(ConfigResolver.resolve(Map.of("config", config.toString()), Map.of()))) {
			assertThat(agent.edgeGet("/sync-state").status()).isEqualTo(200);
		}
	}

	@Test
	void theAgentRotatesItsOwnTokenOnceItIsOlderThanTheMaxAge() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		Path config = enrol(edge);
		Files.writeString(config, "token-max-age=1h\n", StandardCharsets.UTF_8,
				java.nio.file.StandardOpenOption.APPEND);
		String old = token(config);
		AgentConfig settings = ConfigResolver.resolve(Map.of("config", config.toString()), Map.of());
		assertThat(settings.tokenMaxAge()).isEqualTo(Duration.ofHours(1));
		try (KioskAgent agent = KioskAgent.open(settings)) {
			assertThat(agent.rotateTokenIfDue()).isFalse();
			assertThat(token(config)).isEqualTo(old);

			// the token was written two hours ago
			Files.setLastModifiedTime(config, FileTime.from(Instant.now().minus(Duration.ofHours(2))));
			assertThat(agent.rotateTokenIfDue()).isTrue();
			String kept = token(config);
			assertThat(kept).isNotEqualTo(old);
			assertThat(read(config).getProperty("token-max-age")).isEqualTo("1h");
			assertThat(agent.edgeGet("/sync-state").status()).isEqualTo(200);
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> edge.syncState(settings.kioskId(), old).statusCode() == 401);
			assertThat(agent.rotateTokenIfDue()).isFalse();
		}
	}

	@Test
	void withoutAConfigurationFileTheAgentKeepsItsTokenAndSaysWhy() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("rotate-flag", 1);
		try (KioskAgent agent = KioskAgent
			.open(edge.config(kiosk.id(), kiosk.token(), this.directory.resolve("k.db")))) {
			edge.rotate(kiosk.id());
			assertThat(agent.edgeGet("/sync-state").status()).isEqualTo(200);
			assertThat(agent.status().lastError()).contains("cannot be kept");
			// still the old token: it is valid until a delivered one is used
			assertThat(agent.edgeGet("/sync-state").status()).isEqualTo(200);
			assertThat(edge.syncState(kiosk.id(), kiosk.token()).statusCode()).isEqualTo(200);
		}
	}

	private Path enrol(EdgeFixture edge) {
		Path config = this.directory.resolve("kiosk-agent.properties");
		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code",
				edge.enrolmentCode(Map.of()), "--config", config.toString(), "--ca-file", edge.caFile().toString(),
				"--db", this.directory.resolve("k.db").toString()))
			.isZero();
		return config;
	}

	private static String token(Path config) throws IOException {
		return read(config).getProperty("token");
	}

	private static Properties read(Path config) throws IOException {
		Properties properties = new Properties();
		try (Reader in = Files.newBufferedReader(config, StandardCharsets.UTF_8)) {
			properties.load(in);
		}
		return properties;
	}

}
