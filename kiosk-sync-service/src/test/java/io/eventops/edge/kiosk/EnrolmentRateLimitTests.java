package io.eventops.edge.kiosk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Enrolment attempts are limited per client address across edge replicas: attempts spread
 * over two edges spend one budget in Redis, and an attempt over it is a 429 with
 * {@code Retry-After} that enrols nothing.
 */
@EdgeTest
class EnrolmentRateLimitTests {

	private static final int BURST = 3;

	@LocalServerPort
	int port;

	@Test
	void attemptsFromOneAddressSpreadOverTwoReplicasSpendOneBudget() {
		EdgeClient shared = new EdgeClient(this.port);
		String code = Enrol.code(shared, Enrol.request(TestData.unique("ev")));
		// a namespace of their own: the shared context's budget for 127.0.0.1 is another
		// bucket
		Map<String, Object> budget = Map.of("eventops.edge.enrolment.burst", BURST,
				"eventops.edge.enrolment.per-minute", 1, "eventops.redis.key-prefix",
				TestInfrastructure.freshRedisNamespace());
		try (ConfigurableApplicationContext one = EdgeStack.startAnotherEdge(budget);
				ConfigurableApplicationContext two = EdgeStack.startAnotherEdge(budget)) {
			List<EdgeClient> edges = List.of(new EdgeClient(EdgeStack.portOf(one)),
					new EdgeClient(EdgeStack.portOf(two)));
			List<EdgeClient.Response> answers = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				for (EdgeClient edge : edges) {
					// wrong codes, as a guesser sends
					answers.add(Enrol.redeem(edge, "ZZZZZZZZZ" + i));
				}
			}
			long tried = answers.stream().filter((answer) -> answer.status() == 404).count();
			// one shared bucket grants its burst (and at most one more refilled in the
			// minute); a bucket per replica would have granted six
			assertThat(tried).isBetween((long) BURST, BURST + 1L);
			EdgeClient.Response limited = answers.stream()
				.filter((answer) -> answer.status() == 429)
				.findFirst()
				.orElseThrow(() -> new AssertionError("no attempt was limited: " + answers));
			assertThat(limited.isProblem()).isTrue();
			assertThat(limited.json().get("type").stringValue())
				.isEqualTo("https://eventops.dev/problems/enrolment-rate-limited");
			assertThat(Integer.parseInt(limited.retryAfter())).isPositive();

			// a right code over the budget enrols nothing, and stays usable
			EdgeClient.Response refused = Enrol.redeem(edges.get(1), code);
			assertThat(refused.status()).isEqualTo(429);
			assertThat(refused.body()).doesNotContain("token");
		}
		assertThat(Enrol.redeem(shared, code).status()).isEqualTo(201);
	}

}
