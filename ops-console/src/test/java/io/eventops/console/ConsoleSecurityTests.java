package io.eventops.console;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.testsupport.CommonTestData;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's login, session cookie and CSRF protection, over real HTTP with the
 * sessions in real Redis.
 */
@ConsoleTest
class ConsoleSecurityTests {

	private static final String PROBLEMS = "https://eventops.dev/problems/";

	@Value("${local.server.port}")
	int port;

	@Test
	void aWrongPasswordIsALoginFailureProblemAndLogsNobodyIn() {
		ConsoleSession browser = new ConsoleSession(this.port);

		ConsoleSession.Response login = browser.login("ops", "not-the-password");

		assertThat(login.status()).isEqualTo(401);
		assertThat(login.contentType()).startsWith("application/problem+json");
		assertThat(login.problemType()).isEqualTo(PROBLEMS + "login-failed");
		assertThat(browser.get("/api/me").status()).isEqualTo(401);
	}

	@Test
	void thePageIsServedToAnyoneUnderAContentSecurityPolicy() {
		ConsoleSession.Response page = new ConsoleSession(this.port).get("/");
		ConsoleSession.Response script = new ConsoleSession(this.port).get("/components/person-screen.js");

		assertThat(page.status()).isEqualTo(200);
		assertThat(page.body()).contains("<ops-console>");
		assertThat(page.header("Content-Security-Policy")).contains("default-src 'self'")
			.contains("frame-ancestors 'none'");
		assertThat(script.status()).isEqualTo(200);
	}

	@Test
	void theApiNeedsALogin() {
		ConsoleSession.Response answer = new ConsoleSession(this.port).get("/api/attendees/anyone");

		assertThat(answer.status()).isEqualTo(401);
		assertThat(answer.problemType()).isEqualTo(PROBLEMS + "unauthorized");
	}

	@Test
	void theSessionCookieIsHttpOnlyAndSameSiteStrictAndSecureOnlyOverTls() {
		ConsoleSession.Response plain = new ConsoleSession(this.port).get("/api/csrf");
		ConsoleSession.Response tls = new ConsoleSession(this.port).get("/api/csrf", "X-Forwarded-Proto", "https");

		String plainCookie = sessionCookie(plain.headers("Set-Cookie"));
		String tlsCookie = sessionCookie(tls.headers("Set-Cookie"));
		assertThat(plainCookie).contains("HttpOnly").contains("SameSite=Strict").doesNotContain("Secure");
		assertThat(tlsCookie).contains("HttpOnly").contains("SameSite=Strict").contains("Secure");
	}

	@Test
	void aLoginWithoutTheCsrfTokenIsRefused() {
		ConsoleSession browser = new ConsoleSession(this.port);

		ConsoleSession.Response login = browser.postWithoutCsrf("/login", Map.of());

		assertThat(login.status()).isEqualTo(403);
		assertThat(login.problemType()).isEqualTo(PROBLEMS + "csrf");
	}

	@Test
	void aChangeWithoutTheCsrfTokenIsRefusedAndChangesNothing() {
		String attendee = CommonTestData.attendees(ReconcilerBeside.jdbc(), CommonTestData.unique("ev"), 1).get(0);
		ConsoleSession browser = new ConsoleSession(this.port);
		assertThat(browser.login("ops", CommonTestData.OPS_PASSWORD).status()).isEqualTo(204);

		ConsoleSession.Response refused = browser.postWithoutCsrf("/api/attendees/" + attendee + "/corrections",
				Map.of("displayName", "Changed", "reason", "typo"));

		assertThat(refused.status()).isEqualTo(403);
		assertThat(refused.problemType()).isEqualTo(PROBLEMS + "csrf");
		assertThat(browser.get("/api/attendees/" + attendee).json().get("displayName").asString())
			.isEqualTo("Name " + attendee);
	}

	@Test
	void meTellsTheRoleOfWhoIsLoggedIn() {
		ConsoleSession ops = new ConsoleSession(this.port);
		ConsoleSession admin = new ConsoleSession(this.port);
		ops.login("ops", CommonTestData.OPS_PASSWORD);
		admin.login("admin", CommonTestData.ADMIN_PASSWORD);

		assertThat(ops.get("/api/me").json().get("role").asString()).isEqualTo("OPS");
		assertThat(admin.get("/api/me").json().get("role").asString()).isEqualTo("ADMIN");
	}

	@Test
	void anotherReplicaKnowsTheSessionAndLogoutEndsItEverywhere() {
		ConsoleSession browser = new ConsoleSession(this.port);
		browser.login("admin", CommonTestData.ADMIN_PASSWORD);
		try (ConfigurableApplicationContext replica = ConsoleApplication.builder()
			.properties(ConsoleInitializer.properties())
			.run("--server.port=0", "--management.server.port=0",
					"--eventops.security.ops-password=" + CommonTestData.OPS_PASSWORD,
					"--eventops.security.admin-password=" + CommonTestData.ADMIN_PASSWORD,
					"--spring.autoconfigure.exclude=" + ConsoleTest.NOT_THE_CONSOLES)) {
			int other = ((WebServerApplicationContext) replica).getWebServer().getPort();

			assertThat(browser.at(other).get("/api/me").json().get("username").asString()).isEqualTo("admin");
			assertThat(browser.at(other).post("/logout", Map.of()).status()).isEqualTo(204);
			assertThat(browser.at(this.port).get("/api/me").status()).isEqualTo(401);
		}
	}

	@Test
	void failedLoginsSpendTheSuitesLoginThrottleAndARightOneGivesItsAttemptBack() {
		Map<String, Object> properties = new LinkedHashMap<>(ConsoleInitializer.properties());
		// a namespace of its own: the shared context's logins must not see these failures
		properties.put("eventops.redis.key-prefix", TestInfrastructure.freshRedisNamespace());
		try (ConfigurableApplicationContext console = ConsoleApplication.builder()
			.properties(properties)
			.run("--server.port=0", "--management.server.port=0",
					"--eventops.security.ops-password=" + CommonTestData.OPS_PASSWORD,
					"--eventops.security.admin-password=" + CommonTestData.ADMIN_PASSWORD,
					"--eventops.security.login-throttle.max-failures=2",
					"--eventops.security.login-throttle.max-failures-per-user=2",
					"--spring.autoconfigure.exclude=" + ConsoleTest.NOT_THE_CONSOLES)) {
			int port = ((WebServerApplicationContext) console).getWebServer().getPort();

			assertThat(new ConsoleSession(port).login("ops", CommonTestData.OPS_PASSWORD).status()).isEqualTo(204);
			assertThat(new ConsoleSession(port).login("ops", "wrong-1").status()).isEqualTo(401);
			assertThat(new ConsoleSession(port).login("ops", "wrong-2").status()).isEqualTo(401);
			ConsoleSession.Response throttled = new ConsoleSession(port).login("ops", CommonTestData.OPS_PASSWORD);

			assertThat(throttled.status()).isEqualTo(429);
			assertThat(throttled.problemType()).isEqualTo(PROBLEMS + "login-throttled");
			assertThat(throttled.header("Retry-After")).isNotBlank();
			assertThat(new ConsoleSession(port).login("admin", CommonTestData.ADMIN_PASSWORD).status())
				.as("another user is not affected")
				.isEqualTo(204);
		}
	}

	private static String sessionCookie(List<String> setCookies) {
		return setCookies.stream()
			.filter((cookie) -> cookie.startsWith("EVENTOPS_CONSOLE="))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no session cookie in " + setCookies));
	}

}
