package io.eventops.console.upstream;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * One {@link RestClient} per service, each sending the logged-in user's credentials
 * ({@link UserCredentials}) and handing the service's errors back as
 * {@link UpstreamProblem}; the edge's client trusts {@code edge-ca-file} besides the
 * JDK's certificates.
 */
@Configuration(proxyBeanMethods = false)
class UpstreamConfiguration {

	@Bean
	ReconcilerClient reconcilerClient(RestClient.Builder builder, UpstreamProperties properties) {
		return new ReconcilerClient(client(builder, properties, properties.reconciler(), null, "reconciler"));
	}

	@Bean
	PrintClient printClient(RestClient.Builder builder, UpstreamProperties properties) {
		return new PrintClient(client(builder, properties, properties.printOrchestrator(), null, "print orchestrator"));
	}

	@Bean
	EdgeClient edgeClient(RestClient.Builder builder, UpstreamProperties properties) {
		SSLContext tls = (properties.edgeCaFile() != null) ? trusting(properties.edgeCaFile()) : null;
		return new EdgeClient(client(builder, properties, properties.edge(), tls, "edge"));
	}

	private static RestClient client(RestClient.Builder builder, UpstreamProperties properties, URI baseUrl,
			SSLContext tls, String service) {
		HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(properties.connectTimeout());
		if (tls != null) {
			http.sslContext(tls);
		}
		JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(http.build());
		factory.setReadTimeout(properties.readTimeout());
		return builder.clone()
			.baseUrl(baseUrl.toString())
			.requestFactory(factory)
			.requestInterceptor(new UserCredentials())
			.defaultStatusHandler((status) -> status.isError(),
					(request, response) -> UpstreamProblem.raise(service, response))
			.build();
	}

	// the JDK's trusted certificates and those of the file: the local stack's edge has a
	// self-signed one, a production edge one from a public CA
	private static SSLContext trusting(Path file) {
		try (InputStream in = Files.newInputStream(file)) {
			KeyStore extra = KeyStore.getInstance(KeyStore.getDefaultType());
			extra.load(null, null);
			int i = 0;
			for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
				extra.setCertificateEntry("edge-ca-" + i++, certificate);
			}
			X509TrustManager fromFile = trustManager(extra);
			X509TrustManager jdk = trustManager(null);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, new TrustManager[] { new EitherTrustManager(fromFile, jdk) }, null);
			return context;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("eventops.console.edge-ca-file: cannot read " + file, ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("eventops.console.edge-ca-file: no certificates in " + file, ex);
		}
	}

	private static X509TrustManager trustManager(KeyStore store) throws GeneralSecurityException {
		TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		factory.init(store);
		for (TrustManager manager : factory.getTrustManagers()) {
			if (manager instanceof X509TrustManager x509) {
				return x509;
			}
		}
		throw new GeneralSecurityException("no X.509 trust manager");
	}

	/** Trusts a server that either of two trust managers trusts. */
	private record EitherTrustManager(X509TrustManager first, X509TrustManager second) implements X509TrustManager {

		@Override
		public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
			throw new CertificateException("the console authenticates no clients");
		}

		@Override
		public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
			try {
				this.first.checkServerTrusted(chain, authType);
			}
			catch (CertificateException ex) {
				this.second.checkServerTrusted(chain, authType);
			}
		}

		@Override
		public X509Certificate[] getAcceptedIssuers() {
			X509Certificate[] a = this.first.getAcceptedIssuers();
			X509Certificate[] b = this.second.getAcceptedIssuers();
			X509Certificate[] both = Arrays.copyOf(a, a.length + b.length);
			System.arraycopy(b, 0, both, a.length, b.length);
			return both;
		}

	}

}
