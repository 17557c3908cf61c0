package io.eventops.edge.ratelimit;

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

	// EdgeStack's settings for every test edge
	private static final int BURST = 40;

	private static final int PER_SECOND = 20;

	@LocalServerPort
	int port;

	@Test
	void requestsSpreadOverTwoReplicasSpendOneBudget() {
		EdgeClient first = new EdgeClient(this.port);
		String kiosk = TestData.kiosk();
		String token = first.provision(kiosk, TestData.unique("ev"));
		try (ConfigurableApplicationContext replica = EdgeStack.startAnotherEdge()) {
			EdgeClient second = new EdgeClient(EdgeStack.portOf(replica));
			EdgeClient[] edges = { first, second };
			int allowed = 0;
			int limited = 0;
			long start = System.nanoTime();
			for (int i = 0; i < 4 * BURST && limited == 0; i++) {
				EdgeClient.Response response = edges[i % 2].get("/v1/kiosks/" + kiosk + "/sync-state",
						EdgeClient.bearer(token));
				assertThat(response.status()).isIn(200, 429);
				if (response.status() == 200) {
					allowed++;
				}
				else {
					limited++;
					assertThat(response.retryAfter()).isNotBlank();
					assertThat(response.isProblem()).isTrue();
				}
			}
			double seconds = (System.nanoTime() - start) / 1e9;
			assertThat(limited).as("no request was limited").isPositive();
			// one shared bucket grants at most its burst plus what refilled meanwhile; a
			// bucket per replica would have granted about twice the burst first
			assertThat(allowed).isLessThanOrEqualTo(BURST + (int) Math.ceil(PER_SECOND * seconds) + 1);
		}
	}

}
