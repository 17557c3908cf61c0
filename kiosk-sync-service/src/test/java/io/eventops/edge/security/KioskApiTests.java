package io.eventops.edge.security;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@EdgeTest
class KioskApiTests {

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	EdgeClient edge;

	JdbcTemplate jdbc;

	EdgeClient.Kiosk kiosk;

	@BeforeEach
	void kiosk() {
		this.edge = new EdgeClient(this.port);
		this.jdbc = EdgeStack.jdbc();
		this.kiosk = this.edge.newKiosk();
	}

	@Test
	void kioskWithoutValidTokenIsUnauthorized() {
		String body = TestData.flush(0);
		EdgeClient.Response none = this.edge.post("/v1/kiosks/" + this.kiosk.id() + "/flush", null, "application/json",
				body);
		EdgeClient.Response unknown = this.edge.flush(this.kiosk.id(), "not-a-token", body);

		assertThat(none.status()).isEqualTo(401);
		assertThat(none.isProblem()).isTrue();
		assertThat(unknown.status()).isEqualTo(401);
		assertThat(unknown.isProblem()).isTrue();
	}

	@Test
	void revokedKioskIsUnauthorized() {
		assertThat(this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(0)).status()).isEqualTo(200);

		EdgeClient.Response revoke = this.edge.post("/admin/v1/kiosks/" + this.kiosk.id() + "/revoke",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json", "");

		assertThat(revoke.status()).isEqualTo(204);
		EdgeClient.Response refused = this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(0));
		assertThat(refused.status()).isEqualTo(401);
		assertThat(refused.isProblem()).isTrue();
	}

	@Test
	void kioskCallingAnotherKiosksPathIsForbidden() {
		String other = TestData.kiosk();
		this.edge.provision(other, TestData.unique("ev"));

		EdgeClient.Response flush = this.edge.flush(other, this.kiosk.token(), TestData.flush(0));
		EdgeClient.Response state = this.edge.get("/v1/kiosks/" + other + "/sync-state",
				EdgeClient.bearer(this.kiosk.token()));

		assertThat(flush.status()).isEqualTo(403);
		assertThat(flush.isProblem()).isTrue();
		assertThat(state.status()).isEqualTo(403);
	}

	@Test
	void provisioningIsForAdminsAndRefusesAnExistingId() {
		String body = "{\"kioskId\":\"" + this.kiosk.id() + "\",\"eventId\":\"e\",\"printerPool\":\"p\"}";
		EdgeClient.Response again = this.edge.post("/admin/v1/kiosks",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json", body);
		EdgeClient.Response byOps = this.edge.post("/admin/v1/kiosks", EdgeClient.basic("ops", EdgeStack.OPS_PASSWORD),
				"application/json", body.replace(this.kiosk.id(), TestData.kiosk()));
		EdgeClient.Response invalid = this.edge.post("/admin/v1/kiosks",
				EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json",
				"{\"kioskId\":\"Not Valid\",\"eventId\":\"e\",\"printerPool\":\"p\"}");
		EdgeClient.Response anonymous = this.edge.get("/admin/v1/kiosks", null);

		assertThat(again.status()).isEqualTo(409);
		assertThat(again.isProblem()).isTrue();
		assertThat(byOps.status()).isEqualTo(403);
		assertThat(invalid.status()).isEqualTo(422);
		assertThat(invalid.json().get("errors").get(0).get("field").stringValue()).isEqualTo("kioskId");
		assertThat(anonymous.status()).isEqualTo(401);
	}

	@Test
	void wholeRequestErrorsAreProblemsAndStoreNothing() {
		String valid = TestData.flush(1, TestData.entry(this.kiosk.id(), 1, "att_1"));
		List<ObjectNode> tooMany = new ArrayList<>();
		for (int seq = 1; seq <= 501; seq++) {
			tooMany.add(TestData.entry(this.kiosk.id(), seq, "att_" + seq).node());
		}
		byte[] huge = new byte[1536 * 1024];
		java.util.Arrays.fill(huge, (byte) ' ');

		assertProblem(this.edge.flush(this.kiosk.id(), this.kiosk.token(), "{not json"), 400);
		assertProblem(this.edge.flush(this.kiosk.id(), this.kiosk.token(), "{\"highestLocalSeq\":1}"), 400);
		assertProblem(this.edge.flush(this.kiosk.id(), this.kiosk.token(), valid.replace("\"seq\":1", "\"seq\":\"1\"")),
				400);
		assertProblem(this.edge.flush(this.kiosk.id(), this.kiosk.token(), valid.replace("\"seq\":1", "\"seq\":0")),
				400);
		assertProblem(this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(501, tooMany)), 422);
		assertProblem(this.edge.post("/v1/kiosks/" + this.kiosk.id() + "/flush", EdgeClient.bearer(this.kiosk.token()),
				"text/plain", valid), 415);
		assertProblem(this.edge.post("/v1/kiosks/" + this.kiosk.id() + "/flush", EdgeClient.bearer(this.kiosk.token()),
				"application/json", HttpRequest.BodyPublishers.ofByteArray(huge)), 413);
		assertProblem(this.edge.post("/v1/kiosks/" + this.kiosk.id() + "/flush", EdgeClient.bearer(this.kiosk.token()),
				"application/json", HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(huge))),
				413);

		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.processed_entries WHERE idempotency_key LIKE ?", Long.class,
				this.kiosk.id() + ":%"))
			.isZero();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ?", Long.class,
				this.kiosk.id()))
			.isZero();
		assertThat(this.jdbc.queryForObject(
				"SELECT last_seen_at IS NULL AND highest_seen_seq = 0 FROM edge.kiosks WHERE kiosk_id = ?",
				Boolean.class, this.kiosk.id()))
			.isTrue();
	}

	@Test
	void kioskOverItsRateIsToldWhenToRetry() {
		// rounds of a few parallel requests on kept-alive connections outpace the refill
		// without a storm of TLS handshakes
		List<EdgeClient.Response> responses = new ArrayList<>();
		for (int round = 0; round < 30
				&& responses.stream().noneMatch((response) -> response.status() == 429); round++) {
			responses.addAll(this.edge.getConcurrently("/v1/kiosks/" + this.kiosk.id() + "/sync-state",
					EdgeClient.bearer(this.kiosk.token()), 8));
		}

		EdgeClient.Response limited = responses.stream()
			.filter((response) -> response.status() == 429)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no request was limited"));
		assertThat(responses).allSatisfy((response) -> assertThat(response.status()).isIn(200, 429));
		assertThat(limited.retryAfter()).isNotBlank();
		assertThat(limited.isProblem()).isTrue();
	}

	@Test
	void metricsArePublishedOnThePlainManagementPortOnly() throws Exception {
		this.edge.flush(this.kiosk.id(), this.kiosk.token(), TestData.flush(0));
		java.net.http.HttpClient plain = java.net.http.HttpClient.newHttpClient();

		String metrics = plain
			.send(java.net.http.HttpRequest
				.newBuilder(java.net.URI.create("http://localhost:" + this.managementPort + "/actuator/prometheus"))
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString())
			.body();
		int health = plain
			.send(java.net.http.HttpRequest
				.newBuilder(java.net.URI.create("http://localhost:" + this.managementPort + "/actuator/health"))
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString())
			.statusCode();

		assertThat(metrics).contains("eventops_edge_requests_total")
			.contains("eventops_edge_kiosk_backlog{")
			.contains("eventops_edge_kiosk_gaps{")
			.contains("eventops_edge_kiosk_last_seen_seconds{")
			.contains("kioskId=\"" + this.kiosk.id() + "\"")
			.contains("http_server_requests_seconds_count{")
			// Spring Security's per-filter observations are off: nothing reads them
			.doesNotContain("spring_security_");
		assertThat(health).isEqualTo(200);
		// the kiosk port speaks TLS only: a plain request is refused, never served
		int plainOnKioskPort = plain
			.send(java.net.http.HttpRequest
				.newBuilder(java.net.URI
					.create("http://localhost:" + this.port + "/v1/kiosks/" + this.kiosk.id() + "/sync-state"))
				.header("Authorization", EdgeClient.bearer(this.kiosk.token()))
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString())
			.statusCode();
		assertThat(plainOnKioskPort).isEqualTo(400);
		assertThat(this.edge.get("/actuator/prometheus", null).status()).isIn(401, 403, 404);
	}

	private static void assertProblem(EdgeClient.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
		assertThat(response.isProblem()).as(response.body()).isTrue();
	}

}
