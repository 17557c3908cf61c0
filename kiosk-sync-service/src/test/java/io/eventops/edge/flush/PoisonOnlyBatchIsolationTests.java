package io.eventops.edge.flush;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.edge.forward.ReconcilerClient;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 11 once a batch PostgreSQL refuses every check-in of is answered 503 (issue
 * #42, item 11): a kiosk whose only pending entry is one PostgreSQL refuses (here a CHECK
 * constraint on that one attendee, SQLSTATE 23514: a refusal of one entry's data that the
 * edge's checks cannot foresee, as PoisonBatchTests' year 0 stands for an older edge)
 * retries it in a loop. The reconciler answers that batch 503, which the edge retries and
 * records in its one circuit breaker to the reconciler, shared by every kiosk: the
 * breaker opens and the other kiosks' good flushes are refused too. One kiosk's data must
 * never cost another kiosk a flush, nor move a shared protection.
 */
@EdgeTest
class PoisonOnlyBatchIsolationTests {

	private static final int OTHER_KIOSKS = 3;

	private static final int FLUSHES_EACH = 6;

	@LocalServerPort
	int port;

	@Autowired
	ReconcilerClient reconciler;

	@Test
	void aKioskRetryingABatchOfOnlyPoisonNeverCostsAnotherKioskAFlush() throws Exception {
		EdgeClient edge = new EdgeClient(this.port);
		JdbcTemplate jdbc = EdgeStack.jdbc();
		String event = TestData.unique("ev");
		String poisonKiosk = TestData.kiosk();
		String poisonToken = edge.provision(poisonKiosk, event);
		String refusedAttendee = TestData.attendees(jdbc, event, 1).get(0);
		String constraint = "refuse_" + refusedAttendee.replaceAll("[^A-Za-z0-9]", "_");
		jdbc.execute("ALTER TABLE reconciler.check_ins ADD CONSTRAINT " + constraint + " CHECK (attendee_id <> '"
				+ refusedAttendee + "') NOT VALID");
		String poisonBatch = TestData.flush(1, List.of(TestData.entry(poisonKiosk, 1, refusedAttendee).node()));

		List<String> othersRefused = Collections.synchronizedList(new ArrayList<>());
		List<String> breakerStates;
		Map<Integer, AtomicInteger> poisonStatuses;
		try (PoisonRetryLoop poison = PoisonRetryLoop.start(edge, this.reconciler, poisonKiosk, poisonToken,
				poisonBatch)) {
			List<Callable<Void>> others = new ArrayList<>();
			for (int k = 0; k < OTHER_KIOSKS; k++) {
				String kiosk = TestData.kiosk();
				String token = edge.provision(kiosk, event);
				List<String> attendees = TestData.attendees(jdbc, event, FLUSHES_EACH);
				others.add(() -> {
					for (int flush = 0; flush < FLUSHES_EACH; flush++) {
						List<ObjectNode> entries = List
							.of(TestData.entry(kiosk, flush + 1, attendees.get(flush)).node());
						EdgeClient.Response response = edge.flush(kiosk, token, TestData.flush(flush + 1, entries));
						if (response.status() != 200) {
							othersRefused.add(kiosk + " flush " + (flush + 1) + ": " + response.status() + ", breaker "
									+ this.reconciler.breakerState());
						}
						poison.recordBreaker();
					}
					return null;
				});
			}
			poison.alongside(others);
			breakerStates = poison.breakerStates();
			poisonStatuses = poison.poisonStatuses();
		}
		finally {
			jdbc.execute("ALTER TABLE reconciler.check_ins DROP CONSTRAINT IF EXISTS " + constraint);
			closeBreaker(edge, event);
		}

		assertThat(othersRefused)
			.as("other kiosks' flushes refused while one kiosk retried its poison (its answers: %s)", poisonStatuses)
			.isEmpty();
		assertThat(breakerStates).isNotEmpty().containsOnly(CircuitBreaker.State.CLOSED.name());
	}

	// leaves the shared edge as other test classes expect it: good flushes until the
	// breaker, half-open after its wait, closes again
	private void closeBreaker(EdgeClient edge, String event) {
		String kiosk = TestData.kiosk();
		String token = edge.provision(kiosk, event);
		List<String> attendees = TestData.attendees(EdgeStack.jdbc(), event, 200);
		AtomicLong seq = new AtomicLong();
		Awaitility.await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).until(() -> {
			long next = seq.incrementAndGet();
			edge.flush(kiosk, token,
					TestData.flush(next, List.of(TestData.entry(kiosk, next, attendees.get((int) next - 1)).node())));
			return this.reconciler.breakerState() == CircuitBreaker.State.CLOSED;
		});
	}

}
