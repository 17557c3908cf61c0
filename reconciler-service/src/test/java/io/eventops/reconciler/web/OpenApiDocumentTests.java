package io.eventops.reconciler.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.testsupport.CommittedApiDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconciler's OpenAPI document: served with its UI on the management port, never on
 * the API port, and equal to the committed {@code docs/openapi/reconciler-service.json}.
 */
@ReconcilerTest
class OpenApiDocumentTests {

	private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Test
	void servedDocumentIsTheCommittedOne() {
		String served = CommittedApiDocument.fetch(this.managementPort);

		assertThat(served).contains("\"openapi\":\"3.1.0\"");
		CommittedApiDocument.assertMatches("reconciler-service", served);
	}

	@Test
	void uiIsServedOnTheManagementPort() throws Exception {
		HttpResponse<String> ui = get(this.managementPort, "/actuator/swagger-ui", null);

		assertThat(ui.statusCode()).isEqualTo(200);
		assertThat(ui.body()).contains("swagger-ui");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/v3/api-docs", "/v3/api-docs.yaml", "/v3/api-docs/swagger-config", "/swagger-ui.html",
			"/swagger-ui/index.html", "/actuator/openapi", "/actuator/swagger-ui", "/actuator/swagger-ui/index.html" })
	void apiPortDoesNotServeTheDocument(String path) throws Exception {
		HttpResponse<String> anonymous = get(this.port, path, null);
		HttpResponse<String> ops = get(this.port, path, HttpTestClient.ops());

		assertThat(anonymous.statusCode()).as(path).isIn(401, 403, 404);
		assertThat(anonymous.body()).doesNotContain("openapi").doesNotContain("swagger");
		assertThat(ops.statusCode()).as(path).isIn(401, 403, 404);
		assertThat(ops.body()).doesNotContain("openapi").doesNotContain("swagger");
	}

	private HttpResponse<String> get(int port, String path, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
