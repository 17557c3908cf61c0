package io.eventops.agent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import io.eventops.agent.cli.KioskAgentCli;
import io.eventops.agent.flush.FlushRound;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.DeviceRevokedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Revocation against the real edge (issue #37): on the edge's 401 {@code device-revoked}
 * the agent deletes the personal data of its cache and admits no one, also after a
 * restart, while its unflushed entries stay in its log and {@code kiosk-agent export}
 * writes exactly those for staff; a retired kiosk flushes its backlog within the grace,
 * then is refused.
 */
class RevocationTests {

	@Test
	void aLostKioskWipesItsCacheRefusesCheckInsAndExportsExactlyItsUnflushedEntries(@TempDir Path directory)
			throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("lost", 5);
		Path db = directory.resolve("kiosk.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), db))) {
			agent.syncCache(Duration.ZERO);
			assertThat(agent.cache().size()).isGreaterThanOrEqualTo(5);
			agent.checkIn(kiosk.attendees().get(0));
			agent.checkIn(kiosk.attendees().get(1));
			assertThat(agent.flush().drained()).isTrue();
			for (int i = 2; i < 5; i++) {
				agent.checkIn(kiosk.attendees().get(i));
			}

			edge.revoke(kiosk.id(), "LOST");

			FlushRound refused = agent.flush();
			assertThat(refused.result()).isEqualTo(FlushRound.Result.BLOCKED);
			assertThat(refused.error()).contains("HTTP 401").contains("LOST");
			assertThat(agent.revocation()).contains("LOST");
			assertThat(agent.cache().size()).isZero();
			assertThat(agent.cache().search("Attendee", 10)).isEmpty();
			assertThatExceptionOfType(DeviceRevokedException.class)
				.isThrownBy(() -> agent.checkIn(kiosk.attendees().get(0)))
				.withMessageContaining("revoked")
				.withMessageContaining("export");
			AgentStatus status = agent.status();
			assertThat(status.revoked()).contains("LOST");
			assertThat(status.toText()).contains("REVOKED");
			assertThat(status.pending()).isEqualTo(3);
			assertThat(status.watermark()).isEqualTo(2);
		}
		// the verdict is in the log: refused after a restart too, without the edge
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), db))) {
			assertThatExceptionOfType(DeviceRevokedException.class)
				.isThrownBy(() -> agent.checkInOnce(CheckIn.of(kiosk.attendees().get(0))));
			assertThat(agent.flush().result()).isEqualTo(FlushRound.Result.BLOCKED);
			assertThat(agent.status().pending()).isEqualTo(3);
		}

		// the CLI refuses a check-in naming the revocation, and its status says REVOKED
		assertThat(KioskAgentCli.execute("checkin", kiosk.attendees().get(0), "--kiosk-id", kiosk.id(), "--db",
				db.toString(), "--flush-after-checkin", "false"))
			.isEqualTo(2);
		assertThat(stdout(
				() -> assertThat(KioskAgentCli.execute("status", "--kiosk-id", kiosk.id(), "--db", db.toString()))
					.isZero()))
			.contains("REVOKED")
			.contains("LOST")
			.contains("pending:       3");

		Path out = directory.resolve("export.jsonl");
		String[] export = { "export", "--kiosk-id", kiosk.id(), "--db", db.toString(), "--out", out.toString() };
		String printed = stdout(() -> assertThat(KioskAgentCli.execute(export)).isZero());
		assertThat(printed).contains("EXPORTED 3 entries (0 dead letters)");
		List<JsonNode> lines = Files.readAllLines(out, StandardCharsets.UTF_8)
			.stream()
			.map((line) -> WireFormat.tree(line.getBytes(StandardCharsets.UTF_8)))
			.toList();
		assertThat(lines).extracting((line) -> line.get("seq").asLong()).containsExactly(3L, 4L, 5L);
		assertThat(lines).extracting((line) -> line.get("idempotencyKey").stringValue())
			.containsExactly(kiosk.id() + ":3", kiosk.id() + ":4", kiosk.id() + ":5");
		assertThat(lines).extracting((line) -> line.get("entry").get("attendeeId").stringValue())
			.containsExactlyElementsOf(kiosk.attendees().subList(2, 5));
		assertThat(lines).allSatisfy((line) -> assertThat(line.has("deadLetter")).isFalse());
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out))).isEqualTo("rw-------");

		// never overwrites
		byte[] written = Files.readAllBytes(out);
		assertThat(KioskAgentCli.execute(export)).isEqualTo(2);
		assertThat(Files.readAllBytes(out)).isEqualTo(written);
	}

	@Test
	void aRetiredKioskFlushesItsBacklogWithinTheGraceThenIsRefused(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("retired", 3);
		Path db = directory.resolve("kiosk.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), db))) {
			agent.syncCache(Duration.ZERO);
			for (String attendee : kiosk.attendees()) {
				agent.checkIn(attendee);
			}

			edge.revoke(kiosk.id(), "RETIRE");

			// the fixture's grace is 10 s: the backlog reaches the server within it
			FlushRound drained = agent.flush();
			assertThat(drained.drained()).as(String.valueOf(drained.error())).isTrue();
			assertThat(drained.acknowledged()).isEqualTo(3);
			assertThat(edge.processed(kiosk.id())).hasSize(3);
			assertThat(agent.revocation()).isNull();

			await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
				assertThat(agent.edgeGet("/sync-state").status()).isEqualTo(401);
				assertThat(agent.revocation()).contains("RETIRE");
			});
			assertThat(agent.cache().size()).isZero();
			assertThatExceptionOfType(DeviceRevokedException.class)
				.isThrownBy(() -> agent.pass(kiosk.attendees().get(0), false));
			assertThat(agent.unacknowledged()).isEmpty();
		}
	}

	private static String stdout(Runnable run) {
		PrintStream original = System.out;
		ByteArrayOutputStream captured = new ByteArrayOutputStream();
		System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
		try {
			run.run();
		}
		finally {
			System.setOut(original);
		}
		return captured.toString(StandardCharsets.UTF_8);
	}

}
