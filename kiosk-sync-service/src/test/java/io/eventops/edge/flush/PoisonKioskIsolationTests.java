package io.eventops.edge.flush;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.edge.forward.ReconcilerClient;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 11 under load: one kiosk sends a batch with poison entries (year 0, the batch
 * of the incident) in a tight retry loop from several threads, while other kiosks flush.
 * Every other kiosk's flush is answered 200 with its entries applied, the poison kiosk
 * never gets a 5xx, and the edge's circuit breaker stays closed throughout.
 */
@EdgeTest
class PoisonKioskIsolationTests {

	private static final int OTHER_KIOSKS = 3;

	private static final int FLUSHES_EACH = 6;

	private static final int ENTRIES_EACH = 5;

	@LocalServerPort
	int port;

	@Autowired
	ReconcilerClient reconciler;

	@Test
	void aKioskRetryingPoisonNeverCostsAnotherKioskAFlush() throws Exception {
		EdgeClient edge = new EdgeClient(this.port);
		JdbcTemplate jdbc = EdgeStack.jdbc();
		String event = TestData.unique("ev");
		String poisonKiosk = TestData.kiosk();
		String poisonToken = edge.provision(poisonKiosk, event);
		List<String> poisonAttendees = TestData.attendees(jdbc, event, 3);
		OffsetDateTime yearZero = OffsetDateTime.of(0, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
		String poisonBatch = TestData.flush(3, List.of(
				TestData.entry(poisonKiosk, 1, poisonAttendees.get(0)).capturedAt(yearZero).queuedAt(yearZero).node(),
				TestData.entry(poisonKiosk, 2, poisonAttendees.get(1)).node(),
				badgeWithNul(TestData.entry(poisonKiosk, 3, poisonAttendees.get(2)).node())));

		List<Callable<List<EdgeClient.Response>>> others = new ArrayList<>();
		List<String> breakerStates;
		Map<Integer, AtomicInteger> poisonStatuses;
		try (PoisonRetryLoop poison = PoisonRetryLoop.start(edge, this.reconciler, poisonKiosk, poisonToken,
				poisonBatch)) {
			for (int k = 0; k < OTHER_KIOSKS; k++) {
				String kiosk = TestData.kiosk();
				String token = edge.provision(kiosk, event);
				List<String> attendees = TestData.attendees(jdbc, event, FLUSHES_EACH * ENTRIES_EACH);
				others.add(() -> {
					List<EdgeClient.Response> responses = new ArrayList<>();
					for (int flush = 0; flush < FLUSHES_EACH; flush++) {
						List<ObjectNode> entries = new ArrayList<>();
						for (int e = 0; e < ENTRIES_EACH; e++) {
							int seq = flush * ENTRIES_EACH + e + 1;
							entries.add(TestData.entry(kiosk, seq, attendees.get(seq - 1)).node());
						}
						responses.add(edge.flush(kiosk, token, TestData.flush((flush + 1) * ENTRIES_EACH, entries)));
						poison.recordBreaker();
					}
					return responses;
				});
			}
			for (List<EdgeClient.Response> responses : poison.alongside(others)) {
				for (EdgeClient.Response response : responses) {
					assertThat(response.status()).as(response.body()).isEqualTo(200);
					JsonNode results = response.json().get("results");
					assertThat(results).hasSize(ENTRIES_EACH)
						.allSatisfy((result) -> assertThat(result.get("outcome").stringValue()).isEqualTo("APPLIED"));
				}
			}
			breakerStates = poison.breakerStates();
			poisonStatuses = poison.poisonStatuses();
		}

		// the poison kiosk is answered too: its batch (200) or its share being spent
		// (429); a 503 only as any kiosk may get one when the reconciler is slow (a read
		// timeout on a loaded machine), never a 500 from its data. Its poison entries are
		// quarantined, its good entry applied.
		assertThat(poisonStatuses.keySet()).contains(200).isSubsetOf(200, 429, 503);
		assertThat(breakerStates).isNotEmpty().containsOnly(CircuitBreaker.State.CLOSED.name());
		assertThat(jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ? AND reason = 'INVALID_ENTRY'",
				Long.class, poisonKiosk))
			.isEqualTo(2);
		assertThat(jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE source_id = ?", Long.class,
				poisonKiosk))
			.isEqualTo(1);
	}

	private static ObjectNode badgeWithNul(ObjectNode entry) {
		entry.putObject("badge").put("displayName", "Ada\u0000");
		return entry;
	}

}
