package io.eventops.edge.kiosk;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Token rotation (issue #37) against the real edge and database: the kiosk receives a new
 * token with its next answer, a fresh one with every answer to the old token (a lost
 * response is covered), the first use of a new token retires every other delivered one
 * and the old one after the rotation grace on every replica, an unused delivery stops the
 * old token only after the rotation-max-pending, and a kiosk rotates its own token; the
 * edge stores hashes only.
 */
@EdgeTest
class KioskTokenRotationTests {

	private static final String ADMIN = EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD);

	@LocalServerPort
	int port;

	@Test
	void anAdminsRotationIsDeliveredAgainAfterALostAnswerAndTheFirstUseRetiresTheOldToken() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		assertThat(newToken(edge, kiosk.id(), kiosk.token())).isEmpty();
		assertThat(edge.exchange("POST", "/admin/v1/kiosks/" + kiosk.id() + "/rotate", ADMIN).statusCode())
			.isEqualTo(202);

		String lost = newToken(edge, kiosk.id(), kiosk.token()).orElseThrow();
		// the answer carrying it got lost: the old token gets a fresh one
		String delivered = newToken(edge, kiosk.id(), kiosk.token()).orElseThrow();
		assertThat(delivered).isNotEqualTo(lost).isNotEqualTo(kiosk.token());
		assertThat(EdgeStack.jdbc()
			.queryForObject("SELECT count(*) FROM edge.pending_tokens WHERE token_hash IN (?, ?)", Long.class, lost,
					delivered))
			.isZero();

		assertThat(newToken(edge, kiosk.id(), delivered)).isEmpty();
		assertThat(status(edge, kiosk.id(), delivered)).isEqualTo(200);
		// the old token answers its requests in flight for the grace, without a new token
		assertThat(newToken(edge, kiosk.id(), kiosk.token())).isEmpty();
		assertThat(status(edge, kiosk.id(), lost)).isEqualTo(401);
		assertThat(edge.flush(kiosk.id(), delivered, "{\"highestLocalSeq\":0,\"entries\":[]}").status()).isEqualTo(200);
	}

	@Test
	void theOldTokenStopsOnceTheNewOneWasUsedAfterTheGraceOnEveryReplicaWhileTheNewOneStaysValid() {
		EdgeClient shared = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = shared.newKiosk();
		assertThat(shared.exchange("POST", "/admin/v1/kiosks/" + kiosk.id() + "/rotate", ADMIN).statusCode())
			.isEqualTo(202);
		// the grace is the promoting replica's
		try (ConfigurableApplicationContext other = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.kiosks.rotation-grace", "3s"))) {
			EdgeClient promoting = new EdgeClient(EdgeStack.portOf(other));
			String delivered = newToken(promoting, kiosk.id(), kiosk.token()).orElseThrow();
			// longer than the grace since the delivery: unused, it leaves the old token
			// valid
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> EdgeStack.jdbc()
					.queryForObject(
							"SELECT min(minted_at) < now() - interval '4 seconds' FROM edge.pending_tokens WHERE kiosk_id = ?",
							Boolean.class, kiosk.id()));
			assertThat(status(shared, kiosk.id(), kiosk.token())).isEqualTo(200);
			assertThat(status(promoting, kiosk.id(), kiosk.token())).isEqualTo(200);

			assertThat(status(promoting, kiosk.id(), delivered)).isEqualTo(200);
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> status(shared, kiosk.id(), kiosk.token()) == 401);
			assertThat(status(promoting, kiosk.id(), kiosk.token())).isEqualTo(401);
			assertThat(status(shared, kiosk.id(), delivered)).isEqualTo(200);
			assertThat(status(promoting, kiosk.id(), delivered)).isEqualTo(200);
		}
	}

	@Test
	void anUnusedDeliveryStopsTheOldTokenAfterTheMaxPendingOnEveryReplica() {
		EdgeClient shared = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = shared.newKiosk();
		assertThat(shared.exchange("POST", "/admin/v1/kiosks/" + kiosk.id() + "/rotate", ADMIN).statusCode())
			.isEqualTo(202);
		// the limit is the delivering replica's
		try (ConfigurableApplicationContext other = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.kiosks.rotation-max-pending", "3s"))) {
			EdgeClient delivering = new EdgeClient(EdgeStack.portOf(other));
			String delivered = newToken(delivering, kiosk.id(), kiosk.token()).orElseThrow();
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> status(shared, kiosk.id(), kiosk.token()) == 401);
			assertThat(status(delivering, kiosk.id(), kiosk.token())).isEqualTo(401);
			assertThat(status(shared, kiosk.id(), delivered)).isEqualTo(200);
			assertThat(status(delivering, kiosk.id(), delivered)).isEqualTo(200);
		}
	}

	@Test
	void aKioskRotatesItsOwnToken() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		HttpResponse<String> rotated = edge.exchange("POST", "/v1/kiosks/" + kiosk.id() + "/token-rotation",
				EdgeClient.bearer(kiosk.token()));
		assertThat(rotated.statusCode()).as(rotated.body()).isEqualTo(202);
		String fresh = rotated.headers().firstValue(KioskRegistry.NEW_TOKEN).orElseThrow();
		// the old token still works until the new one is used, and for the grace after
		assertThat(status(edge, kiosk.id(), kiosk.token())).isEqualTo(200);
		assertThat(status(edge, kiosk.id(), fresh)).isEqualTo(200);
		assertThat(EdgeStack.jdbc()
			.queryForObject("SELECT previous_token_valid_until > now() + interval '9 minutes' FROM edge.kiosks"
					+ " WHERE kiosk_id = ?", Boolean.class, kiosk.id()))
			.isTrue();
		assertThat(status(edge, kiosk.id(), kiosk.token())).isEqualTo(200);
	}

	@Test
	void aRevokedOrUnknownKioskIsNotRotatedAndOpsMayNotRotate() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		assertThat(edge
			.exchange("POST", "/admin/v1/kiosks/" + kiosk.id() + "/rotate",
					EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD))
			.statusCode()).isEqualTo(403);
		assertThat(edge.exchange("POST", "/admin/v1/kiosks/no-such-kiosk/rotate", ADMIN).statusCode()).isEqualTo(404);
		assertThat(edge.exchange("POST", "/admin/v1/kiosks/" + kiosk.id() + "/revoke", ADMIN).statusCode())
			.isEqualTo(204);
		HttpResponse<String> revoked = edge.exchange("POST", "/admin/v1/kiosks/" + kiosk.id() + "/rotate", ADMIN);
		assertThat(revoked.statusCode()).isEqualTo(409);
		assertThat(revoked.body()).contains("kiosk-revoked");
	}

	private static Optional<String> newToken(EdgeClient edge, String kioskId, String token) {
		HttpResponse<String> answer = edge.exchange("GET", "/v1/kiosks/" + kioskId + "/sync-state",
				EdgeClient.bearer(token));
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
		return answer.headers().firstValue(KioskRegistry.NEW_TOKEN);
	}

	private static int status(EdgeClient edge, String kioskId, String token) {
		return edge.exchange("GET", "/v1/kiosks/" + kioskId + "/sync-state", EdgeClient.bearer(token)).statusCode();
	}

}
