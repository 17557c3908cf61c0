package io.eventops.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import io.eventops.edge.EdgeApplication;
import io.eventops.testsupport.CommonTestData;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The real edge the console's kiosk tests talk to, once per JVM: the service itself over
 * HTTPS (its generated self-signed certificate) on a random port, on a fresh PostgreSQL
 * database and Redis namespace, forwarding to {@link ReconcilerBeside}, with the test
 * accounts; and a kiosk's own calls to it, as an agent makes them.
 */
final class EdgeBeside {

	private static ConfigurableApplicationContext edge;

	private static HttpClient https;

	private EdgeBeside() {
	}

	static synchronized URI url() {
		if (edge == null) {
			TestDatabase database = TestInfrastructure.freshDatabase();
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("server.port", 0);
			properties.put("management.server.port", 0);
			properties.put("spring.datasource.url", database.jdbcUrl());
			properties.put("spring.datasource.username", database.user());
			properties.put("spring.datasource.password", database.password());
			properties.putAll(TestInfrastructure.redis().springProperties());
			properties.put("eventops.redis.key-prefix", TestInfrastructure.freshRedisNamespace());
			properties.put("eventops.edge.reconciler.base-url", ReconcilerBeside.url());
			properties.put("eventops.edge.tls.generated-dir", Path.of("target/console-edge-tls").toAbsolutePath());
			properties.putAll(CommonTestData.credentials());
			// command-line arguments outrank the edge's application.yml, as they would
			// for
			// the service (default properties would not)
			String[] arguments = properties.entrySet()
				.stream()
				.map((property) -> "--" + property.getKey() + "=" + property.getValue())
				.toArray(String[]::new);
			edge = new SpringApplicationBuilder(EdgeApplication.class).run(arguments);
			https = HttpClient.newBuilder()
				.connectTimeout(Duration.ofSeconds(5))
				.sslContext(trusting(caFile()))
				.build();
		}
		return URI.create("https://localhost:" + ((WebServerApplicationContext) edge).getWebServer().getPort());
	}

	/** The certificate the edge generated, for the console to trust. */
	static synchronized Path caFile() {
		url();
		return Path.of(edge.getEnvironment().getRequiredProperty("eventops.edge.tls.trusted-certificate-path"));
	}

	/**
	 * Provisions a kiosk as an admin would with {@code curl}.
	 * @param eventId the event
	 * @return the kiosk's id and token
	 */
	static Kiosk provision(String eventId) {
		String kioskId = CommonTestData.kiosk();
		HttpResponse<String> answer = send(HttpRequest.newBuilder(url().resolve("/admin/v1/kiosks"))
			.header("Authorization",
					"Basic " + Base64.getEncoder()
						.encodeToString(("admin:" + CommonTestData.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8)))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(
					"{\"eventId\":\"" + eventId + "\",\"kioskId\":\"" + kioskId + "\",\"printerPool\":\"default\"}")));
		if (answer.statusCode() != 201) {
			throw new IllegalStateException(
					"provisioning " + kioskId + ": " + answer.statusCode() + " " + answer.body());
		}
		String token = answer.body().replaceAll(".*\"token\"\\s*:\\s*\"([^\"]+)\".*", "$1");
		return new Kiosk(kioskId, token);
	}

	/**
	 * A kiosk's call to the edge (its sync state), reporting the entries it holds, as
	 * every call of an agent does (a heartbeat).
	 * @param kiosk the kiosk
	 * @param token the token it calls with
	 * @param held the entries it says it holds
	 * @return the edge's answer
	 */
	static HttpResponse<String> call(Kiosk kiosk, String token, long held) {
		return send(HttpRequest.newBuilder(url().resolve("/v1/kiosks/" + kiosk.kioskId() + "/sync-state"))
			.header("Authorization", "Bearer " + token)
			.header("Kiosk-Backlog", Long.toString(held))
			.GET());
	}

	private static HttpResponse<String> send(HttpRequest.Builder request) {
		try {
			return https.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static SSLContext trusting(Path certificate) {
		try (InputStream in = Files.newInputStream(certificate)) {
			KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
			store.load(null, null);
			store.setCertificateEntry("edge", CertificateFactory.getInstance("X.509").generateCertificate(in));
			TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trust.init(store);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, trust.getTrustManagers(), null);
			return context;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A provisioned kiosk.
	 *
	 * @param kioskId its id
	 * @param token its first token
	 */
	record Kiosk(String kioskId, String token) {
	}

}
