package io.eventops.edge;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls the edge over real HTTPS, trusting only the certificate the edge generated.
 */
public final class EdgeClient {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http;

	private final String base;

	public EdgeClient(int port) {
		this.http = HttpClient.newBuilder()
			.sslContext(trusting())
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(20))
			.build();
		this.base = "https://localhost:" + port;
	}

	static SSLContext trusting() {
		try (InputStream in = Files.newInputStream(EdgeStack.trustedCertificate())) {
			KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
			trust.load(null, null);
			trust.setCertificateEntry("edge", CertificateFactory.getInstance("X.509").generateCertificate(in));
			TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			factory.init(trust);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, factory.getTrustManagers(), null);
			return context;
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException("Cannot trust the edge's certificate", ex);
		}
	}

	/**
	 * Provisions a kiosk as admin.
	 * @param kioskId the kiosk
	 * @param eventId its event
	 * @return its token
	 */
	public String provision(String kioskId, String eventId) {
		Response response = post("/admin/v1/kiosks", basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json",
				"{\"kioskId\":\"" + kioskId + "\",\"eventId\":\"" + eventId
						+ "\",\"label\":\"Hall A\",\"printerPool\":\"hall-a\"}");
		if (response.status() != 201) {
			throw new IllegalStateException("Provisioning failed: " + response.status() + " " + response.body());
		}
		return response.json().get("token").stringValue();
	}

	/**
	 * Provisions a new kiosk of a new event as admin.
	 * @return the kiosk
	 */
	public Kiosk newKiosk() {
		return newKiosk(TestData.unique("ev"));
	}

	/**
	 * Provisions a new kiosk of an event as admin.
	 * @param eventId its event
	 * @return the kiosk
	 */
	public Kiosk newKiosk(String eventId) {
		String kioskId = TestData.kiosk();
		return new Kiosk(kioskId, eventId, provision(kioskId, eventId));
	}

	public Response flush(String kioskId, String token, String body) {
		return post("/v1/kiosks/" + kioskId + "/flush", bearer(token), "application/json", body);
	}

	/**
	 * Sends flushes of one kiosk at the same time.
	 * @param kioskId the kiosk
	 * @param token its token
	 * @param bodies the flush bodies
	 * @return the answers, in the order of the bodies
	 */
	public java.util.List<Response> flushConcurrently(String kioskId, String token, java.util.List<String> bodies) {
		return bodies.stream()
			.map((body) -> this.http.sendAsync(request("/v1/kiosks/" + kioskId + "/flush", bearer(token))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(body))
				.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)))
			.toList()
			.stream()
			.map(java.util.concurrent.CompletableFuture::join)
			.map((response) -> new Response(response.statusCode(), response.body(),
					response.headers().firstValue("Content-Type").orElse(""),
					response.headers().firstValue("Retry-After").orElse(null)))
			.toList();
	}

	public Response post(String path, String authorization, String contentType, String body) {
		return send(request(path, authorization).header("Content-Type", contentType)
			.POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	public Response post(String path, String authorization, String contentType, String body,
			java.util.Map<String, String> headers) {
		HttpRequest.Builder request = request(path, authorization).header("Content-Type", contentType);
		headers.forEach(request::header);
		return send(request.POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	public Response post(String path, String authorization, String contentType, HttpRequest.BodyPublisher publisher) {
		return send(request(path, authorization).header("Content-Type", contentType).POST(publisher));
	}

	/**
	 * Sends the same GET many times at once.
	 * @param path the path
	 * @param authorization the Authorization header
	 * @param count how many
	 * @return the answers
	 */
	public java.util.List<Response> getConcurrently(String path, String authorization, int count) {
		java.util.List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> calls = new java.util.ArrayList<>();
		for (int i = 0; i < count; i++) {
			calls.add(this.http.sendAsync(request(path, authorization).GET().build(),
					HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)));
		}
		return calls.stream()
			.map(java.util.concurrent.CompletableFuture::join)
			.map((response) -> new Response(response.statusCode(), response.body(),
					response.headers().firstValue("Content-Type").orElse(""),
					response.headers().firstValue("Retry-After").orElse(null)))
			.toList();
	}

	/**
	 * Sends the same JSON POST many times at once.
	 * @param path the path
	 * @param authorization the Authorization header
	 * @param body the body
	 * @param count how many
	 * @return the answers
	 */
	public java.util.List<Response> postConcurrently(String path, String authorization, String body, int count) {
		java.util.List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> calls = new java.util.ArrayList<>();
		for (int i = 0; i < count; i++) {
			calls.add(this.http.sendAsync(request(path, authorization).header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(body))
				.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)));
		}
		return calls.stream()
			.map(java.util.concurrent.CompletableFuture::join)
			.map((response) -> new Response(response.statusCode(), response.body(),
					response.headers().firstValue("Content-Type").orElse(""),
					response.headers().firstValue("Retry-After").orElse(null)))
			.toList();
	}

	public Response get(String path, String authorization) {
		return send(request(path, authorization).GET());
	}

	public Response get(String path, String authorization, java.util.Map<String, String> headers) {
		HttpRequest.Builder request = request(path, authorization);
		headers.forEach(request::header);
		return send(request.GET());
	}

	/**
	 * Opens a Server-Sent Events stream; the caller reads its lines and closes them to
	 * hang up.
	 * @param path the path
	 * @param authorization the Authorization header
	 * @param lastEventId the {@code Last-Event-ID} to resume after
	 * @return the status and the lines of the body as they arrive
	 */
	public EventStream openStream(String path, String authorization, long lastEventId) {
		HttpRequest request = HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Authorization", authorization)
			.header("Accept", "text/event-stream")
			.header("Last-Event-ID", Long.toString(lastEventId))
			.GET()
			.build();
		try {
			HttpResponse<java.util.stream.Stream<String>> response = this.http.send(request,
					HttpResponse.BodyHandlers.ofLines());
			return new EventStream(response.statusCode(), response.headers().firstValue("Retry-After").orElse(null),
					response.body());
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
	 * A request without a body, answered with its headers (a kiosk's new token, #37).
	 * @param method GET or POST
	 * @param path the path
	 * @param authorization the Authorization header
	 * @return the raw answer
	 */
	public HttpResponse<String> exchange(String method, String path, String authorization) {
		try {
			return this.http.send(
					request(path, authorization).method(method, HttpRequest.BodyPublishers.noBody()).build(),
					HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private HttpRequest.Builder request(String path, String authorization) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(Duration.ofSeconds(30));
		if (authorization != null) {
			builder.header("Authorization", authorization);
		}
		return builder;
	}

	private Response send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.http.send(request.build(),
					HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
			return new Response(response.statusCode(), response.body(),
					response.headers().firstValue("Content-Type").orElse(""),
					response.headers().firstValue("Retry-After").orElse(null));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	public static String bearer(String token) {
		return "Bearer " + token;
	}

	public static String basic(String user, String password) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * An open Server-Sent Events response; closing it hangs up.
	 *
	 * @param status the status
	 * @param retryAfter the Retry-After header, if any
	 * @param lines the body's lines as they arrive
	 */
	public record EventStream(int status, String retryAfter,
			java.util.stream.Stream<String> lines) implements AutoCloseable {

		@Override
		public void close() {
			this.lines.close();
		}

	}

	/**
	 * An answer of the edge.
	 * @param status the status
	 * @param body the body
	 * @param contentType the content type
	 * @param retryAfter the Retry-After header, if any
	 */
	/**
	 * A provisioned kiosk.
	 *
	 * @param id its id
	 * @param event its event
	 * @param token its token
	 */
	public record Kiosk(String id, String event, String token) {
	}

	public record Response(int status, String body, String contentType, String retryAfter) {

		public JsonNode json() {
			return EdgeClient.json.readTree(this.body);
		}

		public boolean isProblem() {
			JsonNode problem = json();
			return this.contentType.startsWith("application/problem+json") && problem.has("type")
					&& problem.has("title") && problem.get("status").asInt() == this.status && problem.has("detail");
		}

	}

}
