package io.eventops.reconciler.security;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.eventops.reconciler.ReconcilerApplication;
import io.eventops.reconciler.TestData;
import io.eventops.testsupport.HttpTestClient;
import io.eventops.testsupport.InfrastructureInitializer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The management port is plain HTTP and may be exposed beyond loopback
 * ({@code ./eventops-local --expose}, a cluster's scrape network), so it takes no
 * credentials (issue #37): a password sent there is refused before anything reads it,
 * never checked, and never spends the login throttle; health, metrics and the API
 * documents stay open. The same properties as {@link LoginThrottleTests}, so that both
 * share one context.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.config.name=" + ReconcilerApplication.CONFIG_NAME,
				"eventops.security.internal-token=" + TestData.INTERNAL_TOKEN,
				"eventops.security.ops-password=" + TestData.OPS_PASSWORD,
				"eventops.security.admin-password=" + TestData.ADMIN_PASSWORD,
				"eventops.security.login-throttle.max-failures=3", "eventops.security.login-throttle.window=1h" })
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class ManagementPortCredentialsTests {

	// its own loopback address, so that it spends an allowance of its own
	private final HttpClient client = clientFrom("127.0.0.7");

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Test
	void theManagementPortRefusesEveryPasswordUnreadAndTheRightOneToo() throws Exception {
		for (String path : new String[] { "/actuator/health", "/actuator/prometheus", "/actuator/openapi",
				"/admin/v1/rejections" }) {
			HttpResponse<String> refused = get(this.managementPort, path,
					HttpTestClient.basic("admin", TestData.ADMIN_PASSWORD));
			assertThat(refused.statusCode()).as(path).isEqualTo(400);
			assertThat(refused.headers().firstValue("Content-Type"))
				.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
			assertThat(refused.body()).contains("credentials-on-management-port").doesNotContain("Exception");
			assertThat(refused.headers().firstValue("WWW-Authenticate")).isEmpty();
		}
		HttpResponse<String> token = get(this.managementPort, "/actuator/health", "Bearer " + TestData.INTERNAL_TOKEN);
		assertThat(token.statusCode()).isEqualTo(400);
	}

	@Test
	void wrongPasswordsOnTheManagementPortSpendNoLoginAllowance() throws Exception {
		// max-failures=3: were these read, the address would be throttled on the API port
		for (int guess = 0; guess < 10; guess++) {
			assertThat(get(this.managementPort, "/actuator/health", HttpTestClient.basic("ops", "guess-" + guess))
				.statusCode()).isEqualTo(400);
		}
		assertThat(
				get(this.port, "/admin/v1/rejections", HttpTestClient.basic("ops", TestData.OPS_PASSWORD)).statusCode())
			.isEqualTo(200);
	}

	@Test
	void withoutCredentialsHealthMetricsAndDocumentsAreOpenAndNothingElse() throws Exception {
		assertThat(get(this.managementPort, "/actuator/health/readiness", null).statusCode()).isEqualTo(200);
		assertThat(get(this.managementPort, "/actuator/prometheus", null).body()).contains("jvm_");
		assertThat(get(this.managementPort, "/actuator/openapi", null).statusCode()).isEqualTo(200);
		HttpResponse<String> other = get(this.managementPort, "/actuator/env", null);
		assertThat(other.statusCode()).isIn(403, 404);
		assertThat(other.body()).doesNotContain("spring.datasource");
		// the API port still asks for credentials on its own paths
		assertThat(get(this.port, "/admin/v1/rejections", null).statusCode()).isEqualTo(401);
	}

	private HttpResponse<String> get(int port, String path, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static HttpClient clientFrom(String address) {
		try {
			return HttpClient.newBuilder()
				.version(HttpClient.Version.HTTP_1_1)
				.localAddress(InetAddress.getByName(address))
				.build();
		}
		catch (UnknownHostException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
