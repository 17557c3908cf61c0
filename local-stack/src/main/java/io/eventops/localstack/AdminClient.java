package io.eventops.localstack;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Calls the services' admin APIs as {@code admin}, trusting the edge's self-signed
 * certificate (and nothing else beyond the JDK's defaults).
 */
final class AdminClient {

	private final HttpClient client;

	private final String authorization;

	private AdminClient(HttpClient client, String authorization) {
		this.client = client;
		this.authorization = authorization;
	}

	static AdminClient create(String adminPassword, Path trustedCertificate) throws IOException {
		HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3));
		if (trustedCertificate != null && Files.exists(trustedCertificate)) {
			builder.sslContext(trusting(trustedCertificate));
		}
		String credentials = Base64.getEncoder()
			.encodeToString(("admin:" + adminPassword).getBytes(StandardCharsets.UTF_8));
		return new AdminClient(builder.build(), "Basic " + credentials);
	}

	HttpClient http() {
		return this.client;
	}

	HttpResponse<String> postJson(URI uri, String json) throws IOException, InterruptedException {
		return this.client.send(HttpRequest.newBuilder(uri)
			.timeout(Duration.ofSeconds(10))
			.header("Authorization", this.authorization)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static SSLContext trusting(Path certificate) throws IOException {
		try (InputStream in = Files.newInputStream(certificate)) {
			KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
			trust.load(null, null);
			int i = 0;
			for (Certificate cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
				trust.setCertificateEntry("local-stack-" + i++, cert);
			}
			TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			factory.init(trust);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, factory.getTrustManagers(), null);
			return context;
		}
		catch (GeneralSecurityException ex) {
			throw new IOException("Cannot trust " + certificate, ex);
		}
	}

}
