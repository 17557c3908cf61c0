package io.eventops.edge.tls;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

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

	/**
	 * Two JVMs (the kiosk-sync-service's two Surefire forks, two replicas on one volume)
	 * and two threads of one generating into one empty directory at the same moment: one
	 * generates, the others serve what it wrote. Without the lock each generated and
	 * overwrote the others' files, so an edge served a certificate that was no longer the
	 * one in {@code edge-cert.pem}.
	 */
	@Test
	void concurrentGenerationsIntoOneDirectoryMakeOnePair(@TempDir Path work) throws Exception {
		Path directory = work.resolve("tls");
		Path go = work.resolve("go");
		Process other = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(),
				"-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
				GenerationInAnotherJvm.class.getName(), directory.toString(), go.toString())
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try (BufferedReader fromOther = new BufferedReader(
				new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8))) {
			assertThat(fromOther.readLine()).isEqualTo("ready");
			CyclicBarrier start = new CyclicBarrier(3);
			List<Future<Generation>> here = new ArrayList<>();
			for (int i = 0; i < 2; i++) {
				here.add(threads.submit(() -> {
					start.await();
					SelfSignedCertificate.Pem pem = SelfSignedCertificate.ensure(directory, List.of());
					// what this caller's edge would load, read as soon as it returned
					return new Generation(pem.generated(), Files.readString(pem.certificate()));
				}));
			}
			start.await();
			Files.createFile(go);
			List<Generation> generations = new ArrayList<>();
			for (Future<Generation> generation : here) {
				generations.add(generation.get(90, TimeUnit.SECONDS));
			}
			boolean otherGenerated = fromOther.readLine().equals("generated=true");
			generations.add(new Generation(otherGenerated, fromOther.lines().reduce("", (a, b) -> a + b + "\n")));
			assertThat(other.waitFor(90, TimeUnit.SECONDS)).isTrue();
			assertThat(other.exitValue()).isZero();

			String certificate = Files.readString(directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE));
			List<Boolean> generated = generations.stream().map(Generation::generated).toList();
			assertThat(generated).as("which callers generated (the two threads, then the other JVM): %s", generated)
				.containsOnlyOnce(true);
			assertThat(generations).extracting(Generation::certificate).containsOnly(certificate);
			assertThat(SelfSignedCertificate.matches(directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE),
					directory.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE)))
				.isTrue();
		}
		finally {
			threads.shutdownNow();
			other.destroyForcibly();
		}
	}

	@Test
	void aKeyThatIsNotTheCertificatesIsReplacedByANewPair(@TempDir Path work) throws Exception {
		Path one = work.resolve("one");
		Path two = work.resolve("two");
		String stale = Files.readString(SelfSignedCertificate.ensure(one, List.of()).certificate());
		SelfSignedCertificate.ensure(two, List.of());
		// what two generations into one directory could leave: one's key, the other's
		// certificate
		Files.copy(two.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE),
				one.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE), StandardCopyOption.REPLACE_EXISTING);
		assertThat(SelfSignedCertificate.matches(one.resolve(SelfSignedCertificate.CERTIFICATE_FILE),
				one.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE)))
			.isFalse();

		SelfSignedCertificate.Pem pem = SelfSignedCertificate.ensure(one, List.of());

		assertThat(pem.generated()).isTrue();
		assertThat(SelfSignedCertificate.matches(pem.certificate(), pem.privateKey())).isTrue();
		assertThat(Files.readString(pem.certificate())).isNotEqualTo(stale);
	}

	private record Generation(boolean generated, String certificate) {
	}

}
