package io.eventops.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small HTTP client over a real socket for tests of a service's HTTP surface, with the
 * test accounts {@code ops} and {@code admin}.
 */
public class HttpTestClient {

	private final HttpClient client = HttpClient.newHttpClient();

	private final JsonMapper json = JsonMapper.builder().build();

	private final String base;

	public HttpTestClient(int port) {
		this.base = "http://localhost:" + port;
	}

	public static String basic(String user, String password) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

	public static String admin() {
		return basic("admin", CommonTestData.ADMIN_PASSWORD);
	}

	public static String ops() {
		return basic("ops", CommonTestData.OPS_PASSWORD);
	}

	public Response get(String path, String authorization) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path)).GET(), authorization);
	}

	public Response post(String path, String authorization, String contentType, String body) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", contentType)
			.POST(HttpRequest.BodyPublishers.ofString(body)), authorization);
	}

	public Response post(String path, String authorization) {
		return post(path, authorization, "application/json", "");
	}

	public Response postJson(String path, String authorization, Object body) {
		return post(path, authorization, "application/json", this.json.writeValueAsString(body));
	}

	public Response putJson(String path, String authorization, Object body) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(this.json.writeValueAsString(body))), authorization);
	}

	/**
	 * A GET without credentials whose body is not JSON (the Prometheus exposition, say).
	 * @param path the path
	 * @return the body
	 */
	public String text(String path) {
		try {
			return this.client
				.send(HttpRequest.newBuilder(URI.create(this.base + path)).GET().build(),
						HttpResponse.BodyHandlers.ofString())
				.body();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private Response send(HttpRequest.Builder request, String authorization) {
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		try {
			HttpResponse<String> response = this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
			JsonNode body = response.body().isEmpty() ? null : this.json.readTree(response.body());
			return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""), body);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A response.
	 *
	 * @param status the status code
	 * @param contentType the content type
	 * @param body the JSON body, or {@code null}
	 */
	public record Response(int status, String contentType, JsonNode body) {
	}

}
