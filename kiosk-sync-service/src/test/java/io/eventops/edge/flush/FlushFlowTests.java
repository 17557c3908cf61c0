package io.eventops.edge.flush;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@EdgeTest
class FlushFlowTests {

	@LocalServerPort
	int port;

	EdgeClient edge;

	JdbcTemplate jdbc;

	EdgeClient.Kiosk kiosk;

	@BeforeEach
	void kiosk() {
		this.edge = new EdgeClient(this.port);
		this.jdbc = EdgeStack.jdbc();
		this.kiosk = this.edge.newKiosk();
	}

	@Test
	void tenMinuteOutageDrainedInOneBurstIsAppliedWithoutRejectionOrFlag() {
		List<String> attendees = TestData.attendees(this.jdbc, this.kiosk.event(), 200);
		OffsetDateTime outageStart = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(10);
		List<ObjectNode> entries = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			OffsetDateTime captured = outageStart.plusSeconds(3L * i);
			entries.add(TestData.entry(this.kiosk.id(), i + 1, attendees.get(i))
				.capturedAt(captured)
				.queuedAt(captured.plusNanos((i % 10) * 90_000_000L))
				.node());
		}

		EdgeClient.Response response = this.edge.flush(this.kiosk.id(), this.kiosk.token(),
				TestData.flush(200, entries));

		assertThat(response.status()).isEqualTo(200);
		JsonNode body = response.json();
		assertThat(body.get("kioskId").stringValue()).isEqualTo(this.kiosk.id());
		assertThat(body.get("ackedThroughSeq").asLong()).isEqualTo(200);
		assertThat(body.get("results")).hasSize(200).allSatisfy((result) -> {
			assertThat(result.get("outcome").stringValue()).isEqualTo("APPLIED");
			assertThat(result.has("reason")).isFalse();
			assertThat(result.get("flags").isArray()).isTrue();
			assertThat(result.get("flags")).isEmpty();
			assertThat(result.get("badgeJobId").stringValue()).isNotBlank();
		});
	}

	@Test
	void timeRulesReadCaptureAndQueueTimeNeverDelivery() {
		List<String> attendees = TestData.attendees(this.jdbc, this.kiosk.event(), 3);
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.ofHours(2));
		OffsetDateTime replayedCapture = now.minusDays(2).minusMinutes(1);
		OffsetDateTime skewedQueue = now.minusMinutes(7);
		String body = TestData.flush(3,
				TestData.entry(this.kiosk.id(), 1, attendees.get(0))
					.capturedAt(now.minusSeconds(600))
					.queuedAt(now.minusSeconds(570)),
				TestData.entry(this.kiosk.id(), 2, attendees.get(1))
					.capturedAt(replayedCapture)
					.queuedAt(replayedCapture.plusDays(2)),
				TestData.entry(this.kiosk.id(), 3, attendees.get(2))
					.capturedAt(skewedQueue.plusMinutes(6))
					.queuedAt(skewedQueue));

		JsonNode response = this.edge.flush(this.kiosk.id(), this.kiosk.token(), body).json();

		JsonNode results = response.get("results");
		assertThat(results.get(0).get("outcome").stringValue()).isEqualTo("APPLIED");
		assertThat(results.get(0).get("flags")).isEmpty();
		assertThat(results.get(1).get("outcome").stringValue()).isEqualTo("REJECTED");
		assertThat(results.get(1).get("reason").stringValue()).isEqualTo("STALE_REPLAY");
		assertThat(results.get(2).get("outcome").stringValue()).isEqualTo("APPLIED");
		assertThat(results.get(2).get("flags").get(0).stringValue()).isEqualTo("CLOCK_SKEW");
		assertThat(response.get("ackedThroughSeq").asLong()).isEqualTo(3);
	}

	@Test
	void malformedEntryInTheMiddleIsQuarantinedWhileTheOthersApply() {
		List<String> attendees = TestData.attendees(this.jdbc, this.kiosk.event(), 4);
		List<ObjectNode> entries = new ArrayList<>();
		entries.add(TestData.entry(this.kiosk.id(), 1, attendees.get(0)).node());
		entries.add(TestData.entry(this.kiosk.id(), 2, attendees.get(1)).node());
		ObjectNode malformed = TestData.entry(this.kiosk.id(), 3, "x").node();
		malformed.put("attendeeId", 42);
		malformed.put("capturedAt", "yesterday");
		entries.add(malformed);
		entries.add(TestData.entry(this.kiosk.id(), 4, attendees.get(2)).node());
		entries.add(TestData.entry(this.kiosk.id(), 5, attendees.get(3)).node());

		JsonNode response = this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(5, entries)).json();

		JsonNode results = response.get("results");
		assertThat(results).hasSize(5);
		for (int i : new int[] { 0, 1, 3, 4 }) {
			assertThat(results.get(i).get("outcome").stringValue()).isEqualTo("APPLIED");
		}
		assertThat(results.get(2).get("seq").asLong()).isEqualTo(3);
		assertThat(results.get(2).get("outcome").stringValue()).isEqualTo("REJECTED");
		assertThat(results.get(2).get("reason").stringValue()).isEqualTo("INVALID_ENTRY");
		assertThat(results.get(2).get("field").stringValue()).isEqualTo("attendeeId");
		assertThat(response.get("ackedThroughSeq").asLong()).isEqualTo(5);
		List<Map<String, Object>> quarantined = this.jdbc
			.queryForList("SELECT reason, field, entry->>'attendeeId' AS attendee FROM reconciler.rejections"
					+ " WHERE kiosk_id = ? AND idempotency_key = ?", this.kiosk.id(), this.kiosk.id() + ":3");
		assertThat(quarantined).singleElement().satisfies((row) -> {
			assertThat(row.get("reason")).isEqualTo("INVALID_ENTRY");
			assertThat(row.get("field")).isEqualTo("attendeeId");
			assertThat(row.get("attendee")).isEqualTo("42");
		});
	}

	@Test
	void gapIsReportedAndHoldsTheWatermarkUntilTheMissingSeqsArrive() {
		List<String> attendees = TestData.attendees(this.jdbc, this.kiosk.event(), 20);
		this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(20, range(attendees, 1, 10)));
		this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(20, range(attendees, 15, 20)));

		JsonNode state = this.edge
			.get("/v1/kiosks/" + this.kiosk.id() + "/sync-state", EdgeClient.bearer(this.kiosk.token()))
			.json();
		assertThat(state.get("contiguousThroughSeq").asLong()).isEqualTo(10);
		assertThat(state.get("highestSeenSeq").asLong()).isEqualTo(20);
		assertThat(state.get("highestLocalSeqReported").asLong()).isEqualTo(20);
		JsonNode summary = summary();
		assertThat(summary.get("gaps")).hasSize(1);
		assertThat(summary.get("gaps").get(0).get("fromSeq").asLong()).isEqualTo(11);
		assertThat(summary.get("gaps").get(0).get("toSeq").asLong()).isEqualTo(14);
		assertThat(summary.get("backlog").asLong()).isEqualTo(10);
		assertThat(summary.get("outcomes").get("APPLIED").asLong()).isEqualTo(16);

		this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(20, range(attendees, 11, 14)));

		JsonNode healed = summary();
		assertThat(healed.get("contiguousThroughSeq").asLong()).isEqualTo(20);
		assertThat(healed.get("gaps")).isEmpty();
		assertThat(healed.get("backlog").asLong()).isZero();
		JsonNode heartbeat = this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(20)).json();
		assertThat(heartbeat.get("ackedThroughSeq").asLong()).isEqualTo(20);
		assertThat(heartbeat.get("results")).isEmpty();
	}

	@Test
	void concurrentFlushesOfOneKioskLoseNoWatermarkUpdate() {
		List<String> attendees = TestData.attendees(this.jdbc, this.kiosk.event(), 100);
		List<String> bodies = new ArrayList<>();
		for (int from = 1; from <= 100; from += 20) {
			bodies.add(TestData.flush(100, range(attendees, from, from + 19)));
		}

		// a kiosk has at most eventops.edge.flush.max-in-flight-per-kiosk (2) flushes in
		// flight: the ones over it are refused unread and sent again, as a kiosk would
		List<String> pending = bodies;
		for (int round = 0; round < 50 && !pending.isEmpty(); round++) {
			List<EdgeClient.Response> responses = this.edge.flushConcurrently(this.kiosk.id(), this.kiosk.token(),
					pending);
			List<String> refused = new ArrayList<>();
			for (int i = 0; i < responses.size(); i++) {
				EdgeClient.Response response = responses.get(i);
				if (response.status() == 429) {
					assertThat(response.body()).contains("kiosk-busy");
					refused.add(pending.get(i));
				}
				else {
					assertThat(response.status()).isEqualTo(200);
				}
			}
			pending = refused;
		}

		assertThat(pending).isEmpty();
		JsonNode summary = summary();
		assertThat(summary.get("contiguousThroughSeq").asLong()).isEqualTo(100);
		assertThat(summary.get("highestSeenSeq").asLong()).isEqualTo(100);
		assertThat(summary.get("gaps")).isEmpty();
		assertThat(summary.get("outcomes").get("APPLIED").asLong()).isEqualTo(100);
	}

	@Test
	void reconcilerOutageAnswers503WithRetryAfterAndTheSameFlushAppliesOnceAfterRestart() {
		List<String> attendees = TestData.attendees(this.jdbc, this.kiosk.event(), 3);
		String body = TestData.flush(3, range(attendees, 1, 3));
		EdgeStack.stopReconciler();
		EdgeClient.Response unavailable;
		try {
			unavailable = this.edge.flush(this.kiosk.id(), this.kiosk.token(), body);
		}
		finally {
			EdgeStack.restartReconciler();
		}
		assertThat(unavailable.status()).isEqualTo(503);
		assertThat(unavailable.retryAfter()).isNotBlank();
		assertThat(unavailable.isProblem()).isTrue();
		assertThat(summary().get("highestSeenSeq").asLong()).isZero();

		JsonNode applied = this.edge.flush(this.kiosk.id(), this.kiosk.token(), body).json();
		JsonNode replayed = this.edge.flush(this.kiosk.id(), this.kiosk.token(), body).json();

		assertThat(applied.get("results"))
			.allSatisfy((result) -> assertThat(result.get("outcome").stringValue()).isEqualTo("APPLIED"));
		assertThat(replayed.get("results"))
			.allSatisfy((result) -> assertThat(result.get("outcome").stringValue()).isEqualTo("DUPLICATE"));
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ?",
				Long.class, this.kiosk.id()))
			.isEqualTo(3);
	}

	private JsonNode summary() {
		for (JsonNode kiosk : this.edge.get("/admin/v1/kiosks", EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD))
			.json()) {
			if (kiosk.get("kioskId").stringValue().equals(this.kiosk.id())) {
				return kiosk;
			}
		}
		throw new AssertionError("kiosk not listed: " + this.kiosk.id());
	}

	private List<ObjectNode> range(List<String> attendees, int from, int to) {
		List<ObjectNode> entries = new ArrayList<>();
		OffsetDateTime start = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(2);
		for (int seq = from; seq <= to; seq++) {
			entries.add(TestData.entry(this.kiosk.id(), seq, attendees.get(seq - 1))
				.capturedAt(start.plusSeconds(seq))
				.node());
		}
		return entries;
	}

}
