package io.eventops.reconciler.access;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The policy's ops API over HTTP against PostgreSQL: versions, who saved them, 422s that
 * name every invalid part, and the POLICY change on the kiosk stream (#35).
 */
@ReconcilerTest
class PolicyApiTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	@Test
	void everySaveIsANewVersionKeptWithWhoSavedIt() {
		HttpTestClient.Response first = this.http.putJson(path(), admin(),
				TestPolicy.policy().area("hall", "ONCE").build());
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.body().get("version").asLong()).isEqualTo(1);
		Map<String, Object> second = TestPolicy.policy().area("hall", "AFTER_EXIT").build();
		second.put("version", 77);
		assertThat(this.http.putJson(path(), admin(), second).body().get("version").asLong()).isEqualTo(2);
		JsonNode current = this.http.get(path(), ops()).body();
		assertThat(current.get("version").asLong()).isEqualTo(2);
		assertThat(current.get("savedBy").asString()).isEqualTo("admin");
		assertThat(current.get("savedAt").asString()).isNotBlank();
		assertThat(current.get("policy").get("version").asLong()).isEqualTo(2);
		assertThat(current.get("policy").get("areas").get(1).get("reentry").asString()).isEqualTo("AFTER_EXIT");
		assertThat(current.get("policy").get("days").get(0).asString()).isEqualTo("2026-07-16");
		JsonNode versions = this.http.get(path() + "/versions", ops()).body().get("versions");
		assertThat(versions).extracting((version) -> version.get("version").asLong()).containsExactly(2L, 1L);
		assertThat(versions.get(1).get("savedBy").asString()).isEqualTo("admin");
	}

	@Test
	void anInvalidPolicyNamesEveryInvalidPartAndStoresNothing() {
		Map<String, Object> policy = TestPolicy.policy()
			.area("hall", "ONCE", Map.of("rule", "entriesToday > 'x'"))
			.area("room", "ONCE", Map.of("admits", List.of("nobody")))
			.build();
		policy.put("timeZone", "Mars/Olympus");
		HttpTestClient.Response response = this.http.putJson(path(), admin(), policy);
		assertThat(response.status()).isEqualTo(422);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.body().get("type").asString()).endsWith("/validation");
		assertThat(response.body().get("errors")).extracting((error) -> error.get("field").asString())
			.contains("timeZone", "areas[1].rule", "areas[2].admits[0]");
		assertThat(this.http.get(path(), ops()).status()).isEqualTo(404);
		assertThat(this.http.get(path() + "/versions", ops()).body().get("versions")).isEmpty();
	}

	@Test
	void aDateOrTimeThatDoesNotParseIsA422NamingTheField() throws Exception {
		Map<String, Object> policy = TestPolicy.policy().build();
		policy.put("days", List.of("2026-07-16", "2026-13-45"));
		HttpTestClient.Response response = this.http.putJson(path(), admin(), policy);
		assertThat(response.status()).isEqualTo(422);
		assertThat(response.body().get("errors").get(0).get("field").asString()).isEqualTo("days[1]");
		Map<String, Object> window = TestPolicy.policy()
			.area("hall", "ONCE", Map.of("open", List.of(Map.of("from", "9 o'clock", "until", "18:00"))))
			.build();
		HttpTestClient.Response badTime = this.http.putJson(path(), admin(), window);
		assertThat(badTime.status()).isEqualTo(422);
		assertThat(badTime.body().get("errors").get(0).get("field").asString()).isEqualTo("areas[1].open[0].from");
		assertThat(badTime.body().toString()).doesNotContain("java.", "io.eventops");
		assertThat(putRaw("{\"days\": [")).isEqualTo(400);
		assertThat(this.http.get(path(), ops()).status()).isEqualTo(404);
	}

	@Test
	void onlyAnAdminSavesAPolicy() {
		assertThat(this.http.putJson(path(), ops(), TestPolicy.policy().build()).status()).isEqualTo(403);
		assertThat(this.http.get(path() + "/versions", null).status()).isEqualTo(401);
	}

	@Test
	void aSaveReachesKioskCachesAsAPolicyChangeAndInTheSnapshot() {
		JsonNode before = this.http.get("/internal/v1/events/" + this.event + "/snapshot", internal()).body();
		assertThat(before.has("policy")).isTrue();
		assertThat(before.get("policy").isNull()).isTrue();
		long after = before.get("streamSeq").asLong();
		this.http.putJson(path(), admin(), TestPolicy.policy().area("hall", "ONCE").build());
		JsonNode changes = this.http.get("/internal/v1/events/" + this.event + "/changes?after=" + after, internal())
			.body()
			.get("changes");
		assertThat(changes).hasSize(1);
		assertThat(changes.get(0).get("kind").asString()).isEqualTo("POLICY");
		assertThat(changes.get(0).get("attendee").isNull()).isTrue();
		assertThat(changes.get(0).get("policy").get("version").asLong()).isEqualTo(1);
		assertThat(changes.get(0).get("policy").get("policy").get("areas").get(1).get("areaId").asString())
			.isEqualTo("hall");
		JsonNode snapshot = this.http.get("/internal/v1/events/" + this.event + "/snapshot", internal()).body();
		assertThat(snapshot.get("policy").get("version").asLong()).isEqualTo(1);
		assertThat(snapshot.get("streamSeq").asLong()).isEqualTo(changes.get(0).get("streamSeq").asLong());
	}

	private int putRaw(String body) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path()))
				.header("Content-Type", "application/json")
				.header("Authorization", admin())
				.PUT(HttpRequest.BodyPublishers.ofString(body))
				.build(), HttpResponse.BodyHandlers.discarding())
			.statusCode();
	}

	private String path() {
		return "/admin/v1/events/" + this.event + "/policy";
	}

}
