package io.eventops.edge.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.testsupport.CommittedApiDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge's OpenAPI document: served with its UI on the management port, never on the
 * kiosks' public port, and equal to the committed
 * {@code docs/openapi/kiosk-sync-service.json}.
 */
@EdgeTest
class OpenApiDocumentTests {

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Test
	void servedDocumentIsTheCommittedOne() {
		String served = CommittedApiDocument.fetch(this.managementPort);

		assertThat(served).contains("\"openapi\":\"3.1.0\"");
		CommittedApiDocument.assertMatches("kiosk-sync-service", served);
	}

	@Test
	void uiIsServedOnTheManagementPort() throws Exception {
		HttpResponse<String> ui = HttpClient.newBuilder()
			.followRedirects(HttpClient.Redirect.NORMAL)
			.build()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.managementPort + "/actuator/swagger-ui"))
				.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(ui.statusCode()).isEqualTo(200);
		assertThat(ui.body()).contains("swagger-ui");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/v3/api-docs", "/v3/api-docs.yaml", "/v3/api-docs/swagger-config", "/swagger-ui.html",
			"/swagger-ui/index.html", "/actuator/openapi", "/actuator/swagger-ui", "/actuator/swagger-ui/index.html" })
	void kioskPortDoesNotServeTheDocument(String path) {
		EdgeClient edge = new EdgeClient(this.port);
		String token = edge.provision(TestData.kiosk(), TestData.unique("ev"));

		EdgeClient.Response anonymous = edge.get(path, null);
		EdgeClient.Response kiosk = edge.get(path, EdgeClient.bearer(token));

		assertThat(anonymous.status()).as(path).isIn(401, 403, 404);
		assertThat(anonymous.body()).doesNotContain("openapi").doesNotContain("swagger");
		assertThat(kiosk.status()).as(path).isIn(401, 403, 404);
		assertThat(kiosk.body()).doesNotContain("openapi").doesNotContain("swagger");
	}

}
