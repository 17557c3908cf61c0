package io.eventops.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One browser's session with a console, over a real socket: its cookies, the CSRF token
 * the console handed out, form login and JSON calls as the page makes them.
 */
final class ConsoleSession {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);

	private final HttpClient client = HttpClient.newBuilder()
		.cookieHandler(this.cookies)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private String base;

	private String csrfHeader;

	private String csrfToken;

	ConsoleSession(int port) {
		this.base = "http://127.0.0.1:" + port;
	}

	/** The same browser (same cookies) talking to another replica. */
	ConsoleSession at(int port) {
		this.base = "http://127.0.0.1:" + port;
		return this;
	}

	/** Fetches a CSRF token, as the login page does before it posts. */
	ConsoleSession csrf() {
		JsonNode csrf = get("/api/csrf").json().get("csrf");
		this.csrfHeader = csrf.get("headerName").asString();
		this.csrfToken = csrf.get("token").asString();
		return this;
	}

	Response login(String user, String password) {
		csrf();
		String form = "username=" + URLEncoder.encode(user, StandardCharsets.UTF_8) + "&password="
				+ URLEncoder.encode(password, StandardCharsets.UTF_8);
		Response response = send(HttpRequest.newBuilder(uri("/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.header(this.csrfHeader, this.csrfToken)
			.POST(HttpRequest.BodyPublishers.ofString(form)));
		if (response.status() == 204) {
			// a login gets a new session and a new token
			JsonNode me = get("/api/me").json();
			this.csrfToken = me.get("csrf").get("token").asString();
		}
		return response;
	}

	Response get(String path) {
		return send(HttpRequest.newBuilder(uri(path)).GET());
	}

	Response get(String path, String header, String value) {
		return send(HttpRequest.newBuilder(uri(path)).header(header, value).GET());
	}

	Response post(String path, Object body) {
		return send(HttpRequest.newBuilder(uri(path))
			.header("Content-Type", "application/json")
			.header(this.csrfHeader, this.csrfToken)
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
	}

	Response postWithoutCsrf(String path, Object body) {
		return send(HttpRequest.newBuilder(uri(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
	}

	private URI uri(String path) {
		return URI.create(this.base + path);
	}

	private Response send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.client.send(request.timeout(Duration.ofSeconds(30)).build(),
					HttpResponse.BodyHandlers.ofString());
			return new Response(response.statusCode(), response.body(), response);
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
	 * An answer of the console.
	 *
	 * @param status the status
	 * @param body the body
	 * @param raw the response, for its headers
	 */
	record Response(int status, String body, HttpResponse<String> raw) {

		JsonNode json() {
			return JSON.readTree(this.body);
		}

		String problemType() {
			return json().get("type").asString();
		}

		String header(String name) {
			return this.raw.headers().firstValue(name).orElse(null);
		}

		List<String> headers(String name) {
			return this.raw.headers().allValues(name);
		}

		String contentType() {
			return header("Content-Type");
		}

	}

}
