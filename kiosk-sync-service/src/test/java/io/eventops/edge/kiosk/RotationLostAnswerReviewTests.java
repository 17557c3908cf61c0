package io.eventops.edge.kiosk;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Review of #37 ("Nothing lost", invariant 6): a rotation whose only delivery was lost,
 * followed by a venue outage longer than the rotation grace. The edge starts the grace at
 * its first delivery, whether or not the kiosk ever received the token; the kiosk comes
 * back with the only token it has, the old one, and with unflushed entries, and is
 * refused with a generic 401 (not {@code device-revoked}) on every replica for ever: the
 * edge holds no token the kiosk knows, and nothing the kiosk recorded can reach the
 * server without re-enrolling it under another id. A kiosk that never used a delivered
 * token has not shown it received one.
 */
@EdgeTest
class RotationLostAnswerReviewTests {

	private static final String ADMIN = EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD);

	@LocalServerPort
	int port;

	@Test
	void aKioskWhoseNewTokenWasLostCanStillFlushAfterAnOutageLongerThanTheGrace() {
		EdgeClient shared = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = shared.newKiosk();
		assertThat(shared.exchange("POST", "/admin/v1/kiosks/" + kiosk.id() + "/rotate", ADMIN).statusCode())
			.isEqualTo(202);
		try (ConfigurableApplicationContext other = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.kiosks.rotation-grace", "2s"))) {
			EdgeClient delivering = new EdgeClient(EdgeStack.portOf(other));
			// the answer carrying the new token never reaches the kiosk (the venue
			// network drops as it is sent)
			HttpResponse<String> lost = delivering.exchange("GET", "/v1/kiosks/" + kiosk.id() + "/sync-state",
					EdgeClient.bearer(kiosk.token()));
			assertThat(lost.headers().firstValue(KioskRegistry.NEW_TOKEN)).isPresent();

			// the outage outlasts the grace (the kiosk sends nothing meanwhile)
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> EdgeStack.jdbc()
					.queryForObject(
							"SELECT min(minted_at) < now() - interval '3 seconds' FROM edge.pending_tokens WHERE kiosk_id = ?",
							Boolean.class, kiosk.id()));

			// the kiosk is back, with the token it has and one unflushed entry
			EdgeClient.Response back = shared.flush(kiosk.id(), kiosk.token(), TestData.flush(1));
			assertThat(back.status())
				.as("a kiosk whose only new token was lost is locked out after the grace: %s", back.body())
				.isEqualTo(200);
		}
	}

}
