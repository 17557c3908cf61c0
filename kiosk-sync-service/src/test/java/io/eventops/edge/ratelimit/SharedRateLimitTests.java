package io.eventops.edge.ratelimit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kiosk's rate limit holds across edge replicas: its requests spread over two edges
 * spend one budget in Redis, not one budget per replica.
 */
@EdgeTest
class SharedRateLimitTests {

	// a small budget, so that one round of parallel requests outpaces the refill however
	// slow the machine is
	private static final int BURST = 5;

	private static final int PER_SECOND = 1;

	private static final int PER_REPLICA = 6;

	@LocalServerPort
	int port;

	@Test
	void requestsSpreadOverTwoReplicasSpendOneBudget() {
		String kiosk = TestData.kiosk();
		String token = new EdgeClient(this.port).provision(kiosk, TestData.unique("ev"));
		Map<String, Object> budget = Map.of("eventops.edge.rate-limit.requests-per-second", PER_SECOND,
				"eventops.edge.rate-limit.burst", BURST);
		try (ConfigurableApplicationContext one = EdgeStack.startAnotherEdge(budget);
				ConfigurableApplicationContext two = EdgeStack.startAnotherEdge(budget)) {
			List<EdgeClient> edges = List.of(new EdgeClient(EdgeStack.portOf(one)),
					new EdgeClient(EdgeStack.portOf(two)));
			long start = System.nanoTime();
			List<EdgeClient.Response> responses = new ArrayList<>();
			for (EdgeClient edge : edges) {
				responses.addAll(edge.getConcurrently("/v1/kiosks/" + kiosk + "/sync-state", EdgeClient.bearer(token),
						PER_REPLICA));
			}
			double seconds = (System.nanoTime() - start) / 1e9;
			assertThat(responses).allSatisfy((response) -> assertThat(response.status()).isIn(200, 429));
			long allowed = responses.stream().filter((response) -> response.status() == 200).count();
			EdgeClient.Response limited = responses.stream()
				.filter((response) -> response.status() == 429)
				.findFirst()
				.orElseThrow(() -> new AssertionError("no request was limited"));
			assertThat(limited.retryAfter()).isNotBlank();
			assertThat(limited.isProblem()).isTrue();
			// one shared bucket grants at most its burst plus what refilled meanwhile; a
			// bucket per replica would have granted a burst on each (10 of the 12) plus
			// twice the refill
			assertThat(allowed).isLessThanOrEqualTo(BURST + (long) Math.ceil(PER_SECOND * seconds) + 1);
		}
	}

}
