package io.eventops.reconciler.security;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

import io.eventops.reconciler.ReconcilerApplication;
import io.eventops.reconciler.TestData;
import io.eventops.testsupport.HttpTestClient;
import io.eventops.testsupport.InfrastructureInitializer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.test.context.ContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failed HTTP Basic logins are throttled per client address, and the count is shared by
 * every replica through Redis: failures on one replica are refused on another.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.config.name=" + ReconcilerApplication.CONFIG_NAME,
				"eventops.security.internal-token=" + TestData.INTERNAL_TOKEN,
				"eventops.security.ops-password=" + TestData.OPS_PASSWORD,
				"eventops.security.admin-password=" + TestData.ADMIN_PASSWORD,
				"eventops.security.login-throttle.max-failures=3", "eventops.security.login-throttle.window=1h" })
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class LoginThrottleTests {

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Autowired
	private Environment environment;

	@Test
	void anAddressThatFailedTooOftenIsRefusedOnEveryReplicaEvenWithTheRightPassword() throws Exception {
		String wrong = HttpTestClient.basic("ops", "not-the-password");
		String right = HttpTestClient.basic("ops", TestData.OPS_PASSWORD);
		assertThat(get(this.port, right).statusCode()).isEqualTo(200);
		try (ConfigurableApplicationContext secondReplica = secondReplica()) {
			int other = ((WebServerApplicationContext) secondReplica).getWebServer().getPort();
			assertThat(get(this.port, wrong).statusCode()).isEqualTo(401);
			assertThat(get(other, wrong).statusCode()).isEqualTo(401);
			assertThat(get(this.port, wrong).statusCode()).isEqualTo(401);
			// three failures spread over two replicas: the allowance is spent on both
			for (int replica : new int[] { other, this.port }) {
				HttpResponse<String> refused = get(replica, right);
				assertThat(refused.statusCode()).isEqualTo(429);
				assertThat(refused.headers().firstValue("Content-Type"))
					.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
				assertThat(refused.body()).contains("login-throttled").doesNotContain("Exception");
				assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L,
						3600L);
			}
			// requests without Basic credentials are not throttled
			assertThat(get(other, null).statusCode()).isEqualTo(401);
			String scrape = this.http
				.send(HttpRequest
					.newBuilder(URI.create("http://localhost:" + this.managementPort + "/actuator/prometheus"))
					.build(), HttpResponse.BodyHandlers.ofString())
				.body();
			assertThat(scrape).containsPattern("eventops_security_login_throttled_total\\{[^}]*\\} [1-9]");
		}
	}

	private HttpResponse<String> get(int port, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://localhost:" + port + "/admin/v1/rejections"));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	// a second JVM-local replica on the same database and the same Redis namespace
	private ConfigurableApplicationContext secondReplica() {
		Map<String, Object> properties = new HashMap<>();
		for (String name : new String[] { "spring.datasource.url", "spring.datasource.username",
				"spring.datasource.password", "spring.data.redis.host", "spring.data.redis.port",
				"eventops.redis.key-prefix", "eventops.security.internal-token", "eventops.security.ops-password",
				"eventops.security.admin-password", "eventops.security.login-throttle.max-failures",
				"eventops.security.login-throttle.window" }) {
			properties.put(name, this.environment.getProperty(name, ""));
		}
		properties.put("spring.config.name", ReconcilerApplication.CONFIG_NAME);
		properties.put("server.port", "0");
		properties.put("management.server.port", "0");
		properties.put("spring.flyway.enabled", "false");
		// as command-line arguments: they outrank the placeholders of reconciler.yml,
		// which
		// default properties would not
		String[] arguments = properties.entrySet()
			.stream()
			.map((property) -> "--" + property.getKey() + "=" + property.getValue())
			.toArray(String[]::new);
		return new SpringApplicationBuilder(ReconcilerApplication.class).run(arguments);
	}

}
