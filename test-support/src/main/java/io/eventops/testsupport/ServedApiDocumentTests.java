package io.eventops.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Value;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service's OpenAPI document: served with its UI on the management port, never on the
 * API port (not even to a caller with credentials), and equal to the committed
 * {@code docs/openapi/<service>.json}. A service's {@code OpenApiDocumentTests} extends
 * it, naming the service and a caller its API port knows.
 */
public abstract class ServedApiDocumentTests {

	private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();

	private final String service;

	/** The running service's API port. */
	@Value("${local.server.port}")
	protected int apiPort;

	/** The running service's management port. */
	@Value("${local.management.port}")
	protected int managementPort;

	/**
	 * Tests of one service's document.
	 * @param service the service's module name, the name of its committed document
	 */
	protected ServedApiDocumentTests(String service) {
		this.service = service;
	}

	/**
	 * The {@code Authorization} header of a caller the API port knows.
	 * @return the header's value
	 */
	protected abstract String apiCredentials();

	/**
	 * A GET on the API port; plain HTTP unless the service says otherwise.
	 * @param path the path
	 * @param authorization the {@code Authorization} header, or {@code null}
	 * @return the status and body
	 */
	protected Answer getOnApiPort(String path, String authorization) {
		return get(this.apiPort, path, authorization);
	}

	@Test
	void servedDocumentIsTheCommittedOne() {
		String served = CommittedApiDocument.fetch(this.managementPort);

		assertThat(served).contains("\"openapi\":\"3.1.0\"");
		CommittedApiDocument.assertMatches(this.service, served);
	}

	@Test
	void uiIsServedOnTheManagementPort() {
		Answer ui = get(this.managementPort, "/actuator/swagger-ui", null);

		assertThat(ui.status()).isEqualTo(200);
		assertThat(ui.body()).contains("swagger-ui");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/v3/api-docs", "/v3/api-docs.yaml", "/v3/api-docs/swagger-config", "/swagger-ui.html",
			"/swagger-ui/index.html", "/actuator/openapi", "/actuator/swagger-ui", "/actuator/swagger-ui/index.html" })
	void apiPortDoesNotServeTheDocument(String path) {
		Answer anonymous = getOnApiPort(path, null);
		Answer known = getOnApiPort(path, apiCredentials());

		assertThat(anonymous.status()).as(path).isIn(401, 403, 404);
		assertThat(anonymous.body()).doesNotContain("openapi").doesNotContain("swagger");
		assertThat(known.status()).as(path).isIn(401, 403, 404);
		assertThat(known.body()).doesNotContain("openapi").doesNotContain("swagger");
	}

	private Answer get(int port, String path, String authorization) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			return new Answer(response.statusCode(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * What the service answered.
	 *
	 * @param status the HTTP status
	 * @param body the body as text
	 */
	public record Answer(int status, String body) {
	}

}
