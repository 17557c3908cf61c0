package io.eventops.reconciler.security;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

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

	@Test
	void everyAuthorizationThatSpringSecurityReadsAsBasicIsThrottled() throws Exception {
		// Spring Security trims the header and reads anything after the five letters
		// "Basic" (any case) as Basic, whatever the sixth character
		HttpClient client = clientFrom("127.0.0.2");
		String credentials = Base64.getEncoder()
			.encodeToString("ops:not-the-password".getBytes(StandardCharsets.UTF_8));
		for (String authorization : List.of("Basic\t" + credentials, "bAsIc+" + credentials, "Basic:" + credentials)) {
			assertThat(get(client, this.port, authorization).statusCode()).as(authorization).isEqualTo(401);
		}
		HttpResponse<String> refused = get(client, this.port, "BASIC\t" + credentials);
		assertThat(refused.statusCode()).isEqualTo(429);
		assertThat(refused.body()).contains("login-throttled");
		assertThat(get(client, this.port, HttpTestClient.basic("ops", TestData.OPS_PASSWORD)).statusCode())
			.isEqualTo(429);
	}

	@Test
	void parallelGuessesGetNoMoreThanTheAllowance() {
		HttpClient client = clientFrom("127.0.0.3");
		String wrong = HttpTestClient.basic("ops", "not-the-password");
		List<CompletableFuture<HttpResponse<String>>> guesses = IntStream.range(0, 200)
			.mapToObj((guess) -> client.sendAsync(request(this.port, wrong), HttpResponse.BodyHandlers.ofString()))
			.toList();
		List<Integer> statuses = guesses.stream().map((guess) -> guess.join().statusCode()).toList();
		// three failures allowed (max-failures=3): every other guess is refused before
		// its password is checked
		assertThat(statuses.stream().filter((status) -> status == 401).count()).isLessThanOrEqualTo(3);
		assertThat(statuses).containsOnly(401, 429);
	}

	@Test
	void successfulLoginsDoNotSpendTheAllowance() throws Exception {
		HttpClient client = clientFrom("127.0.0.4");
		String right = HttpTestClient.basic("ops", TestData.OPS_PASSWORD);
		for (int login = 0; login < 10; login++) {
			assertThat(get(client, this.port, right).statusCode()).isEqualTo(200);
		}
		String wrong = HttpTestClient.basic("ops", "not-the-password");
		for (int guess = 0; guess < 3; guess++) {
			assertThat(get(client, this.port, wrong).statusCode()).isEqualTo(401);
		}
		assertThat(get(client, this.port, wrong).statusCode()).isEqualTo(429);
	}

	// each test from its own loopback address, so that each spends its own allowance
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

	private static HttpResponse<String> get(HttpClient client, int port, String authorization) throws Exception {
		return client.send(request(port, authorization), HttpResponse.BodyHandlers.ofString());
	}

	private static HttpRequest request(int port, String authorization) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/admin/v1/rejections"))
			.header("Authorization", authorization)
			.build();
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
