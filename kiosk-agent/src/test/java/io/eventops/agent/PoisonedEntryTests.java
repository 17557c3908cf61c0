package io.eventops.agent;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Base64;
import java.util.List;
import java.util.stream.LongStream;

import io.eventops.agent.cli.KioskAgentCli;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.flush.FlushRound;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.DeadLetter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One entry that makes the edge refuse a whole request (400) in a backlog of 500: the
 * agent bisects down to it, dead-letters it alone on the device, and the other 499 are
 * acknowledged, so one bad entry never blocks the queue (invariant 6).
 */
class PoisonedEntryTests {

	@Test
	void poisonedEntryInA500BacklogIsDeadLetteredAloneAndTheOther499Acknowledged(@TempDir Path directory)
			throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("poison", 499);
		Path database = directory.resolve("kiosk.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), database))) {
			agent.ensureSequence();
			for (int i = 0; i < 249; i++) {
				agent.checkIn(kiosk.attendees().get(i));
			}
			poison(database, kiosk.id(), 250);
			for (int i = 249; i < 499; i++) {
				agent.checkIn(kiosk.attendees().get(i));
			}
			assertThat(agent.status().pending()).isEqualTo(500);

			FlushRound round = agent.flush();

			assertThat(round.drained()).isTrue();
			assertThat(round.deadLettered()).isEqualTo(1);
			assertThat(round.acknowledged()).isEqualTo(499);
			// halving 500 down to one entry takes a handful of requests, not 500
			assertThat(round.requests()).isLessThan(40);
			AgentStatus status = agent.status();
			assertThat(status.pending()).isZero();
			assertThat(status.watermark()).isEqualTo(500);
			assertThat(status.deadLetters()).extracting(DeadLetter::seq, DeadLetter::status)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(250L, 400));
			assertThat(status.storedEntries()).isEqualTo(500);
		}
		List<Long> expected = LongStream.rangeClosed(1, 500).filter((seq) -> seq != 250).boxed().toList();
		assertThat(edge.processed(kiosk.id())).hasSize(499).containsOnlyKeys(expected);
	}

	@Test
	void exportWritesADeadLetterWithItsRefusal(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("poison-export", 2);
		Path database = directory.resolve("kiosk.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), database))) {
			agent.ensureSequence();
			agent.checkIn(kiosk.attendees().get(0));
			poison(database, kiosk.id(), 2);
			agent.checkIn(kiosk.attendees().get(1));
			FlushRound round = agent.flush();
			assertThat(round.deadLettered()).isEqualTo(1);
			assertThat(round.acknowledged()).isEqualTo(2);
		}
		Path out = directory.resolve("export.jsonl");
		String[] export = { "export", "--kiosk-id", kiosk.id(), "--db", database.toString(), "--out", out.toString() };

		assertThat(KioskAgentCli.execute(export)).isZero();

		// the acknowledged entries are the server's now; the dead letter is for staff
		List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
		assertThat(lines).hasSize(1);
		JsonNode line = WireFormat.tree(lines.get(0).getBytes(StandardCharsets.UTF_8));
		assertThat(line.get("seq").asLong()).isEqualTo(2);
		assertThat(line.get("idempotencyKey").stringValue()).isEqualTo(kiosk.id() + ":2");
		assertThat(line.get("deadLetter").get("status").asInt()).isEqualTo(400);
		assertThat(line.get("deadLetter").get("deadAt").isNull()).isFalse();
		// its stored form is not JSON: it is written byte for byte, not dropped
		byte[] stored = Base64.getDecoder().decode(line.get("payloadBase64").stringValue());
		assertThat(new String(stored, StandardCharsets.ISO_8859_1))
			.contains("\"idempotencyKey\":\"" + kiosk.id() + ":2\"");
	}

	@ParameterizedTest
	@ValueSource(ints = { 413, 422 })
	void aProxyRefusingEvenOneEntryRequestsAsTooLargeDeadLettersNothing(int status, @TempDir Path directory)
			throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("limit", 5);
		try (TlsProxy proxy = new TlsProxy(edge)) {
			// a body limit below one entry's request, above a heartbeat's
			proxy.refuseFlushes(status, (body) -> body.length > 100);
			AgentConfig config = edge.config(kiosk.id(), kiosk.token(), directory.resolve("kiosk.db"))
				.withEdgeUrl(proxy.url());
			try (KioskAgent agent = KioskAgent.open(config)) {
				for (String attendee : kiosk.attendees()) {
					agent.checkIn(attendee);
				}

				FlushRound refused = agent.flush();

				assertThat(refused.result()).isEqualTo(FlushRound.Result.BLOCKED);
				assertThat(refused.deadLettered()).isZero();
				assertThat(refused.error()).contains("HTTP " + status);
				assertThat(agent.status().deadLetters()).isEmpty();
				assertThat(agent.status().pending()).isEqualTo(5);

				proxy.forwardAllFlushes();
				assertThat(agent.flush().drained()).isTrue();
				assertThat(agent.status().watermark()).isEqualTo(5);
			}
		}
		assertThat(edge.processed(kiosk.id())).hasSize(5).containsOnlyKeys(1L, 2L, 3L, 4L, 5L);
	}

	/**
	 * Writes an entry whose stored wire form is not valid UTF-8, as a damaged file or a
	 * faulty older agent would leave it: nothing the API appends can look like this, and
	 * the edge cannot parse any request that carries it.
	 */
	private static void poison(Path database, String kioskId, long seq) throws Exception {
		byte[] prefix = ("{\"seq\":" + seq + ",\"idempotencyKey\":\"" + kioskId + ":" + seq
				+ "\",\"type\":\"CHECK_IN\",\"attendeeId\":\"att")
			.getBytes(StandardCharsets.UTF_8);
		byte[] suffix = "\",\"capturedAt\":\"2026-07-16T09:01:00.000+02:00\",\"queuedAt\":\"2026-07-16T09:01:00.000+02:00\",\"badgePrintedLocally\":false}"
			.getBytes(StandardCharsets.UTF_8);
		byte[] payload = new byte[prefix.length + 2 + suffix.length];
		System.arraycopy(prefix, 0, payload, 0, prefix.length);
		payload[prefix.length] = (byte) 0xC3;
		payload[prefix.length + 1] = (byte) 0x28;
		System.arraycopy(suffix, 0, payload, prefix.length + 2, suffix.length);
		try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database);
				PreparedStatement insert = connection.prepareStatement("INSERT INTO entries (seq, idempotency_key, "
						+ "attendee_id, captured_at, queued_at, payload) VALUES (?, ?, 'att?', "
						+ "'2026-07-16T09:01:00.000+02:00', '2026-07-16T09:01:00.000+02:00', ?)");
				PreparedStatement state = connection
					.prepareStatement("UPDATE log_state SET last_seq = ? WHERE id = 1")) {
			insert.setLong(1, seq);
			insert.setString(2, kioskId + ":" + seq);
			insert.setBytes(3, payload);
			insert.executeUpdate();
			state.setLong(1, seq);
			state.executeUpdate();
		}
	}

}
