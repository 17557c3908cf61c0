package io.eventops.edge.tls;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SelfSignedCertificateTests {

	@Test
	void generatesOnFirstStartAndReusesAfter(@TempDir Path directory) throws Exception {
		SelfSignedCertificate.Pem first = SelfSignedCertificate.ensure(directory, List.of("dns:edge.venue.lan"));
		String certificate = Files.readString(first.certificate());

		SelfSignedCertificate.Pem second = SelfSignedCertificate.ensure(directory, List.of());

		assertThat(first.generated()).isTrue();
		assertThat(second.generated()).isFalse();
		assertThat(Files.readString(second.certificate())).isEqualTo(certificate);
		assertThat(Files.readString(second.privateKey())).startsWith("-----BEGIN PRIVATE KEY-----");
		try (InputStream in = Files.newInputStream(first.certificate())) {
			X509Certificate parsed = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
			List<Object> names = parsed.getSubjectAlternativeNames()
				.stream()
				.map((name) -> (Object) name.get(1))
				.toList();
			assertThat(names).contains("localhost", "127.0.0.1", "edge.venue.lan");
		}
	}

}
