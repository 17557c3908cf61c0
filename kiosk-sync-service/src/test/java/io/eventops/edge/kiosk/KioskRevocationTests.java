package io.eventops.edge.kiosk;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Map;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.model.time.Rfc3339;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Revocation modes (issue #37) against the real edge and database: {@code LOST} refuses
 * the token at once with a {@code device-revoked} 401 and the list shows what the kiosk
 * held at its last heartbeat; {@code RETIRE} lets it flush through the grace, on every
 * replica, and then stops it; revoking again keeps the first revocation unless
 * {@code LOST} follows {@code RETIRE}; a bad mode is a 422 that changes nothing.
 */
@EdgeTest
class KioskRevocationTests {

	private static final String PROBLEMS = "https://eventops.dev/problems/";

	@LocalServerPort
	int port;

	@Test
	void aLostKioskIsRefusedAtOnceAsRevokedAndTheListShowsWhatItHeld() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		EdgeClient.Response contact = edge.get("/v1/kiosks/" + kiosk.id() + "/sync-state",
				EdgeClient.bearer(kiosk.token()), Map.of(KioskContacts.BACKLOG, "7"));
		assertThat(contact.status()).as(contact.body()).isEqualTo(200);

		// no body: LOST, as revocation was before modes
		assertThat(revoke(edge, kiosk.id(), null).status()).isEqualTo(204);

		EdgeClient.Response refused = edge.flush(kiosk.id(), kiosk.token(), TestData.flush(0));
		assertThat(refused.status()).isEqualTo(401);
		assertThat(refused.isProblem()).isTrue();
		assertThat(refused.json().get("type").stringValue()).isEqualTo(PROBLEMS + "device-revoked");
		assertThat(refused.json().get("detail").stringValue()).contains("LOST").doesNotContain(kiosk.token());
		EdgeClient.Response unknown = edge.flush(kiosk.id(), "not-a-token", TestData.flush(0));
		assertThat(unknown.status()).isEqualTo(401);
		assertThat(unknown.json().get("type").stringValue()).isEqualTo(PROBLEMS + "unauthorized");

		JsonNode listed = kiosk(edge, kiosk.id());
		assertThat(listed.get("revoked").asBoolean()).isTrue();
		assertThat(listed.get("entriesHeldAtLastContact").asLong()).isEqualTo(7);
		JsonNode revocation = listed.get("revocation");
		assertThat(revocation.get("mode").stringValue()).isEqualTo("LOST");
		assertThat(time(revocation, "effectiveAt")).isEqualTo(time(revocation, "revokedAt"));
	}

	@Test
	void aBadModeIsUnprocessableNamingItAndChangesNothing() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		for (String bad : new String[] { "{\"mode\":\"STOLEN\"}", "{\"mode\":\"lost\"}", "{\"mode\":\"\"}" }) {
			EdgeClient.Response refused = revoke(edge, kiosk.id(), bad);
			assertThat(refused.status()).as(bad + " " + refused.body()).isEqualTo(422);
			assertThat(refused.isProblem()).isTrue();
			assertThat(refused.json().get("errors").get(0).get("field").stringValue()).isEqualTo("mode");
		}
		assertThat(edge.flush(kiosk.id(), kiosk.token(), TestData.flush(0)).status()).isEqualTo(200);
		assertThat(kiosk(edge, kiosk.id()).get("revoked").asBoolean()).isFalse();
		assertThat(kiosk(edge, kiosk.id()).has("revocation")).isFalse();
		assertThat(revoke(edge, "no-such-kiosk", "{\"mode\":\"RETIRE\"}").status()).isEqualTo(404);
		assertThat(edge
			.post("/admin/v1/kiosks/" + kiosk.id() + "/revoke", EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD),
					"application/json", "{\"mode\":\"LOST\"}")
			.status()).isEqualTo(403);
	}

	@Test
	void aRetiredKioskFlushesOnEveryReplicaThroughTheGraceThenItsTokenStops() {
		EdgeClient shared = new EdgeClient(this.port);
		EdgeClient.Kiosk kiosk = shared.newKiosk();
		// the grace is the revoking replica's: the other one only reads edge.kiosks
		try (ConfigurableApplicationContext other = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.kiosks.retire-grace", "10s"))) {
			EdgeClient revoking = new EdgeClient(EdgeStack.portOf(other));
			assertThat(revoke(revoking, kiosk.id(), "{\"mode\":\"RETIRE\"}").status()).isEqualTo(204);

			EdgeClient.Response inGrace = shared.flush(kiosk.id(), kiosk.token(), TestData.flush(1));
			assertThat(inGrace.status()).as(inGrace.body()).isEqualTo(200);
			JsonNode revocation = kiosk(shared, kiosk.id()).get("revocation");
			assertThat(revocation.get("mode").stringValue()).isEqualTo("RETIRE");
			assertThat(Duration.between(time(revocation, "revokedAt"), time(revocation, "effectiveAt")))
				.isEqualTo(Duration.ofSeconds(10));

			await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
				EdgeClient.Response stopped = shared.flush(kiosk.id(), kiosk.token(), TestData.flush(0));
				assertThat(stopped.status()).isEqualTo(401);
				assertThat(stopped.json().get("type").stringValue()).isEqualTo(PROBLEMS + "device-revoked");
				assertThat(stopped.json().get("detail").stringValue()).contains("RETIRE");
			});
			assertThat(revoking.flush(kiosk.id(), kiosk.token(), TestData.flush(0)).status()).isEqualTo(401);
		}
	}

	@Test
	void revokingAgainKeepsTheFirstRevocationUnlessLostFollowsRetire() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk retiring = edge.newKiosk();
		assertThat(revoke(edge, retiring.id(), "{\"mode\":\"RETIRE\"}").status()).isEqualTo(204);
		JsonNode first = kiosk(edge, retiring.id()).get("revocation");
		assertThat(Duration.between(time(first, "revokedAt"), time(first, "effectiveAt")))
			.isEqualTo(Duration.ofMinutes(30));
		assertThat(revoke(edge, retiring.id(), "{\"mode\":\"RETIRE\"}").status()).isEqualTo(204);
		assertThat(kiosk(edge, retiring.id()).get("revocation")).isEqualTo(first);
		assertThat(edge.flush(retiring.id(), retiring.token(), TestData.flush(0)).status()).isEqualTo(200);

		assertThat(revoke(edge, retiring.id(), "{\"mode\":\"LOST\"}").status()).isEqualTo(204);
		JsonNode lost = kiosk(edge, retiring.id()).get("revocation");
		assertThat(lost.get("mode").stringValue()).isEqualTo("LOST");
		assertThat(time(lost, "revokedAt")).isEqualTo(time(first, "revokedAt"));
		assertThat(time(lost, "effectiveAt")).isBefore(time(first, "effectiveAt"))
			.isCloseTo(OffsetDateTime.now(),
					within(Duration.ofMinutes(1).toMillis(), java.time.temporal.ChronoUnit.MILLIS));
		assertThat(edge.flush(retiring.id(), retiring.token(), TestData.flush(0)).status()).isEqualTo(401);

		EdgeClient.Kiosk lostFirst = edge.newKiosk();
		assertThat(revoke(edge, lostFirst.id(), "{}").status()).isEqualTo(204);
		JsonNode once = kiosk(edge, lostFirst.id()).get("revocation");
		assertThat(revoke(edge, lostFirst.id(), "{\"mode\":\"RETIRE\"}").status()).isEqualTo(204);
		assertThat(kiosk(edge, lostFirst.id()).get("revocation")).isEqualTo(once);
		assertThat(edge.flush(lostFirst.id(), lostFirst.token(), TestData.flush(0)).status()).isEqualTo(401);
	}

	private static EdgeClient.Response revoke(EdgeClient edge, String kioskId, String body) {
		return edge.post("/admin/v1/kiosks/" + kioskId + "/revoke", EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD),
				"application/json", (body != null) ? body : "");
	}

	private static OffsetDateTime time(JsonNode node, String field) {
		return Rfc3339.parseOrNull(node.get(field).stringValue());
	}

	private static JsonNode kiosk(EdgeClient edge, String kioskId) {
		EdgeClient.Response list = edge.get("/admin/v1/kiosks", EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD));
		assertThat(list.status()).as(list.body()).isEqualTo(200);
		for (JsonNode kiosk : list.json()) {
			if (kiosk.get("kioskId").stringValue().equals(kioskId)) {
				return kiosk;
			}
		}
		throw new AssertionError("not listed: " + kioskId);
	}

}
