package io.eventops.console;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Map;

import io.eventops.console.EdgeBeside.Kiosk;
import io.eventops.testsupport.CommonTestData;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kiosks screen's actions in front of a real edge ({@link EdgeBeside}, over HTTPS):
 * token rotation and revocation with RETIRE or LOST reach the edge with the logged-in
 * user's own account, the edge's answers and problems reach the page unchanged, and the
 * list shows the revocation; what the kiosk itself then gets from the edge is checked
 * with the kiosk's own calls.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.config.name=" + ConsoleApplication.CONFIG_NAME, "management.server.port=0",
				"eventops.security.ops-password=" + CommonTestData.OPS_PASSWORD,
				"eventops.security.admin-password=" + CommonTestData.ADMIN_PASSWORD,
				"spring.autoconfigure.exclude=" + ConsoleTest.NOT_THE_CONSOLES })
@ContextConfiguration(initializers = { ConsoleInitializer.class, ConsoleKioskTests.TheRealEdge.class })
class ConsoleKioskTests {

	private static final String PROBLEMS = "https://eventops.dev/problems/";

	/** The edge's default {@code eventops.edge.kiosks.retire-grace}. */
	private static final Duration RETIRE_GRACE = Duration.ofMinutes(30);

	@Value("${local.server.port}")
	int port;

	private ConsoleSession as(String user) {
		ConsoleSession browser = new ConsoleSession(this.port);
		String password = user.equals("admin") ? CommonTestData.ADMIN_PASSWORD : CommonTestData.OPS_PASSWORD;
		assertThat(browser.login(user, password).status()).isEqualTo(204);
		return browser;
	}

	private static JsonNode listed(ConsoleSession session, String kioskId) {
		ConsoleSession.Response list = session.get("/api/kiosks");
		assertThat(list.status()).isEqualTo(200);
		for (JsonNode kiosk : list.json()) {
			if (kiosk.get("kioskId").asString().equals(kioskId)) {
				return kiosk;
			}
		}
		throw new AssertionError(kioskId + " is not listed: " + list.body());
	}

	private static String problemType(HttpResponse<String> answer) {
		return answer.body().replaceAll("(?s).*\"type\"\\s*:\\s*\"([^\"]+)\".*", "$1");
	}

	@Test
	void anAdminsRotationReachesTheEdgeAndTheKioskGetsItsNewTokenWithItsNextCall() {
		Kiosk kiosk = EdgeBeside.provision(CommonTestData.unique("ev"));
		assertThat(EdgeBeside.call(kiosk, kiosk.token(), 0).headers().firstValue("Kiosk-New-Token")).isEmpty();

		ConsoleSession.Response rotated = as("admin").post("/api/kiosks/" + kiosk.kioskId() + "/rotate", Map.of());

		assertThat(rotated.status()).isEqualTo(202);
		HttpResponse<String> next = EdgeBeside.call(kiosk, kiosk.token(), 0);
		assertThat(next.statusCode()).isEqualTo(200);
		String newToken = next.headers().firstValue("Kiosk-New-Token").orElseThrow();
		assertThat(newToken).isNotEqualTo(kiosk.token());
		assertThat(EdgeBeside.call(kiosk, newToken, 0).statusCode()).isEqualTo(200);
	}

	@Test
	void retireLetsTheKioskFlushForTheGraceAndTheListShowsTheRevocationAndWhatItHeld() {
		Kiosk kiosk = EdgeBeside.provision(CommonTestData.unique("ev"));
		assertThat(EdgeBeside.call(kiosk, kiosk.token(), 3).statusCode()).isEqualTo(200);
		ConsoleSession admin = as("admin");

		ConsoleSession.Response revoked = admin.post("/api/kiosks/" + kiosk.kioskId() + "/revoke",
				Map.of("mode", "RETIRE"));

		assertThat(revoked.status()).isEqualTo(204);
		JsonNode listed = listed(admin, kiosk.kioskId());
		assertThat(listed.get("revoked").asBoolean()).isTrue();
		assertThat(listed.get("entriesHeldAtLastContact").asLong()).isEqualTo(3);
		JsonNode revocation = listed.get("revocation");
		assertThat(revocation.get("mode").asString()).isEqualTo("RETIRE");
		assertThat(Duration.between(OffsetDateTime.parse(revocation.get("revokedAt").asString()),
				OffsetDateTime.parse(revocation.get("effectiveAt").asString())))
			.isEqualTo(RETIRE_GRACE);
		// within the grace the kiosk still reaches the edge (to flush what it holds), and
		// a retiring kiosk's token is not rotated
		assertThat(EdgeBeside.call(kiosk, kiosk.token(), 0).statusCode()).isEqualTo(200);
		ConsoleSession.Response rotation = admin.post("/api/kiosks/" + kiosk.kioskId() + "/rotate", Map.of());
		assertThat(rotation.status()).isEqualTo(409);
		assertThat(rotation.problemType()).isEqualTo(PROBLEMS + "kiosk-revoked");
	}

	@Test
	void lostIsRefusedAtOnce() {
		Kiosk kiosk = EdgeBeside.provision(CommonTestData.unique("ev"));
		ConsoleSession admin = as("admin");

		ConsoleSession.Response revoked = admin.post("/api/kiosks/" + kiosk.kioskId() + "/revoke",
				Map.of("mode", "LOST"));

		assertThat(revoked.status()).isEqualTo(204);
		HttpResponse<String> refused = EdgeBeside.call(kiosk, kiosk.token(), 0);
		assertThat(refused.statusCode()).isEqualTo(401);
		assertThat(problemType(refused)).isEqualTo(PROBLEMS + "device-revoked");
		JsonNode revocation = listed(admin, kiosk.kioskId()).get("revocation");
		assertThat(revocation.get("mode").asString()).isEqualTo("LOST");
		assertThat(revocation.get("effectiveAt").asString()).isEqualTo(revocation.get("revokedAt").asString());
	}

	@Test
	void theEdgeRefusesAnOpsUsersRotationAndRevocationAndNothingChanges() {
		Kiosk kiosk = EdgeBeside.provision(CommonTestData.unique("ev"));
		ConsoleSession ops = as("ops");

		ConsoleSession.Response rotation = ops.post("/api/kiosks/" + kiosk.kioskId() + "/rotate", Map.of());
		ConsoleSession.Response revocation = ops.post("/api/kiosks/" + kiosk.kioskId() + "/revoke",
				Map.of("mode", "LOST"));

		assertThat(rotation.status()).isEqualTo(403);
		assertThat(rotation.problemType()).isEqualTo(PROBLEMS + "forbidden");
		assertThat(revocation.status()).isEqualTo(403);
		assertThat(revocation.problemType()).isEqualTo(PROBLEMS + "forbidden");
		HttpResponse<String> next = EdgeBeside.call(kiosk, kiosk.token(), 0);
		assertThat(next.statusCode()).isEqualTo(200);
		assertThat(next.headers().firstValue("Kiosk-New-Token")).isEmpty();
		assertThat(listed(ops, kiosk.kioskId()).get("revoked").asBoolean()).isFalse();
	}

	@Test
	void aRevocationWithoutAModeIsTheConsolesProblemAndAnUnknownModeTheEdgesAndNeitherChangesAnything() {
		Kiosk kiosk = EdgeBeside.provision(CommonTestData.unique("ev"));
		ConsoleSession admin = as("admin");

		// the edge would read no mode as LOST: the console never sends one without
		ConsoleSession.Response withoutMode = admin.post("/api/kiosks/" + kiosk.kioskId() + "/revoke", Map.of());
		ConsoleSession.Response unknownMode = admin.post("/api/kiosks/" + kiosk.kioskId() + "/revoke",
				Map.of("mode", "STOLEN"));

		assertThat(withoutMode.status()).isEqualTo(422);
		assertThat(withoutMode.problemType()).isEqualTo(PROBLEMS + "validation");
		assertThat(withoutMode.json().get("errors").toString()).contains("mode");
		assertThat(unknownMode.status()).isEqualTo(422);
		assertThat(unknownMode.problemType()).isEqualTo(PROBLEMS + "validation");
		assertThat(unknownMode.json().get("errors").toString()).contains("mode");
		assertThat(EdgeBeside.call(kiosk, kiosk.token(), 0).statusCode()).isEqualTo(200);
		assertThat(listed(admin, kiosk.kioskId()).get("revoked").asBoolean()).isFalse();
	}

	@Test
	void anUnknownKioskIsTheEdgesNotFound() {
		ConsoleSession admin = as("admin");
		String nobody = CommonTestData.kiosk();

		ConsoleSession.Response rotation = admin.post("/api/kiosks/" + nobody + "/rotate", Map.of());
		ConsoleSession.Response revocation = admin.post("/api/kiosks/" + nobody + "/revoke", Map.of("mode", "LOST"));

		assertThat(rotation.status()).isEqualTo(404);
		assertThat(rotation.problemType()).isEqualTo(PROBLEMS + "not-found");
		assertThat(revocation.status()).isEqualTo(404);
		assertThat(revocation.problemType()).isEqualTo(PROBLEMS + "not-found");
	}

	/** Points the console at the real edge and has it trust the edge's certificate. */
	static class TheRealEdge implements ApplicationContextInitializer<ConfigurableApplicationContext> {

		@Override
		public void initialize(ConfigurableApplicationContext context) {
			context.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource("console-test-edge", Map.of("eventops.console.edge-url",
						EdgeBeside.url().toString(), "eventops.console.edge-ca-file", EdgeBeside.caFile().toString())));
		}

	}

}
