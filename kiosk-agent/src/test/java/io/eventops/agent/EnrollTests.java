package io.eventops.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import io.eventops.agent.cli.KioskAgentCli;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.flush.FlushRound;
import io.eventops.agent.http.TlsTrust;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.KioskLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kiosk-agent enroll} against the real edge (#37): it redeems a one-time code,
 * writes the kiosk's configuration readable by its owner only, and pins the edge
 * certificate it enrolled against, which later connections insist on.
 */
class EnrollTests {

	@TempDir
	Path directory;

	@Test
	void enrolsWritesAnOwnerOnlyConfigurationAndTheAgentRunsFromIt() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		String code = edge.enrolmentCode(Map.of("profile", "KIOSK"));
		Path config = this.directory.resolve("etc/kiosk-agent.properties");

		int exit = KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code", code.toLowerCase(),
				"--config", config.toString(), "--ca-file", edge.caFile().toString(), "--label", "gate 1", "--db",
				this.directory.resolve("k.db").toString());

		assertThat(exit).isZero();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config))).isEqualTo("rw-------");
		Properties settings = read(config);
		assertThat(settings.getProperty("kiosk-id")).matches("k-[0-9a-z]{10}");
		assertThat(settings.getProperty("token")).hasSize(43);
		assertThat(settings.getProperty("edge-url")).isEqualTo(edge.edgeUrl().toString());
		assertThat(settings.getProperty("edge-cert-sha256")).isEqualTo(edgeCertificateSha256(edge));

		// every setting from the file: KIOSK_AGENT_CONFIG, as a kiosk's service would
		AgentConfig agentConfig = ConfigResolver.resolve(Map.of(), Map.of("KIOSK_AGENT_CONFIG", config.toString()));
		assertThat(agentConfig.edgeCertSha256()).isEqualTo(edgeCertificateSha256(edge));
		String attendee = edge.attendees("enrol", 1).get(0);
		try (KioskAgent agent = KioskAgent.open(agentConfig)) {
			long seq = agent.checkIn(attendee).seq();
			assertThat(agent.flush().drained()).isTrue();
			assertThat(agent.outcomeOf(seq)).contains("APPLIED");
		}
	}

	@Test
	void thePinAloneTrustsTheSelfSignedEdgeAndAnotherCertificateIsRefused() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		String pin = edgeCertificateSha256(edge);
		Path config = this.directory.resolve("kiosk-agent.properties");
		// no CA file: the admin read the certificate's fingerprint to the kiosk
		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code",
				edge.enrolmentCode(Map.of()), "--config", config.toString(), "--edge-cert-sha256", pin.toUpperCase(),
				"--db", this.directory.resolve("k.db").toString()))
			.isZero();
		AgentConfig enrolled = ConfigResolver.resolve(Map.of("config", config.toString()), Map.of());
		assertThat(enrolled.caFile()).isNull();
		try (KioskAgent agent = KioskAgent.open(enrolled)) {
			assertThat(agent.flush().result()).isNotEqualTo(FlushRound.Result.RETRY);
		}

		// the same kiosk's settings against a server presenting another certificate
		try (OtherCertificateServer other = new OtherCertificateServer(this.directory)) {
			try (KioskAgent agent = KioskAgent
				.open(enrolled.withEdgeUrl(java.net.URI.create("https://localhost:" + other.port())))) {
				FlushRound round = agent.flush();
				assertThat(round.result()).isEqualTo(FlushRound.Result.RETRY);
				assertThat(agent.status().lastError()).isNotNull();
			}
			assertThat(other.handshakesCompleted()).isZero();
		}
	}

	@Test
	void aWrongPinAUsedCodeAndAnExistingConfigurationWriteNothing() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		String code = edge.enrolmentCode(Map.of());
		Path config = this.directory.resolve("kiosk-agent.properties");
		String otherPin = "ab".repeat(32);
		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code", code, "--config",
				config.toString(), "--edge-cert-sha256", otherPin))
			.isEqualTo(1);
		assertThat(config).doesNotExist();

		// the refused connection sent nothing: the code still enrols
		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code", code, "--config",
				config.toString(), "--ca-file", edge.caFile().toString()))
			.isZero();
		String written = Files.readString(config);

		Path second = this.directory.resolve("second.properties");
		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code", code, "--config",
				second.toString(), "--ca-file", edge.caFile().toString()))
			.isEqualTo(1);
		assertThat(second).doesNotExist();

		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code",
				edge.enrolmentCode(Map.of()), "--config", config.toString(), "--ca-file", edge.caFile().toString()))
			.isEqualTo(2);
		assertThat(Files.readString(config)).isEqualTo(written);
	}

	// #37 review: the log at --db belongs to another kiosk; the new one could not open it
	@Test
	void aDbLogOfAnotherKioskIsRefusedBeforeTheCodeIsUsed() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		Path database = this.directory.resolve("k.db");
		KioskLog.open(database, "kiosk-old", 4096, WireFormat::entry, Clock.systemUTC()).close();
		String code = edge.enrolmentCode(Map.of());
		Path config = this.directory.resolve("kiosk-agent.properties");
		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code", code, "--config",
				config.toString(), "--ca-file", edge.caFile().toString(), "--db", database.toString()))
			.isEqualTo(2);
		assertThat(config).doesNotExist();
		try (var files = Files.list(this.directory)) {
			// the log's own files (SQLite's -wal and -shm) and nothing else
			assertThat(files).allMatch((file) -> file.getFileName().toString().startsWith("k.db"));
		}
		try (KioskLog kept = KioskLog.open(database, "kiosk-old", 4096, WireFormat::entry, Clock.systemUTC())) {
			assertThat(kept.state().kioskId()).isEqualTo("kiosk-old");
		}

		// the code was not used
		assertThat(KioskAgentCli.execute("enroll", "--edge", edge.edgeUrl().toString(), "--code", code, "--config",
				config.toString(), "--ca-file", edge.caFile().toString(), "--db",
				this.directory.resolve("new.db").toString()))
			.isZero();
	}

	private static Properties read(Path file) throws IOException {
		Properties properties = new Properties();
		try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
			properties.load(in);
		}
		return properties;
	}

	private static String edgeCertificateSha256(EdgeFixture edge) throws Exception {
		try (InputStream in = Files.newInputStream(edge.caFile())) {
			return TlsTrust.sha256(CertificateFactory.getInstance("X.509").generateCertificate(in));
		}
	}

	/**
	 * A TLS server on localhost with a certificate of its own (made by the JDK's
	 * keytool), that counts the handshakes a client completed with it.
	 */
	static final class OtherCertificateServer implements AutoCloseable {

		private final SSLServerSocket socket;

		private final java.util.concurrent.atomic.AtomicInteger handshakes = new java.util.concurrent.atomic.AtomicInteger();

		private final Thread acceptor;

		OtherCertificateServer(Path directory) throws Exception {
			Path keystore = directory.resolve("other.p12");
			Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
					"-genkeypair", "-alias", "other", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
					"CN=localhost", "-ext", "san=dns:localhost,ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
					"-keystore", keystore.toString(), "-storepass", "changeit", "-keypass", "changeit")
				.redirectErrorStream(true)
				.start();
			String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			assertThat(keytool.waitFor()).as(output).isZero();
			KeyStore keys = KeyStore.getInstance("PKCS12");
			try (InputStream in = Files.newInputStream(keystore)) {
				keys.load(in, "changeit".toCharArray());
			}
			KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
			factory.init(keys, "changeit".toCharArray());
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(factory.getKeyManagers(), null, null);
			this.socket = (SSLServerSocket) context.getServerSocketFactory()
				.createServerSocket(0, 50, InetAddress.getLoopbackAddress());
			this.acceptor = Thread.ofVirtual().start(() -> {
				while (!this.socket.isClosed()) {
					try (SSLSocket client = (SSLSocket) this.socket.accept()) {
						client.startHandshake();
						this.handshakes.incrementAndGet();
					}
					catch (IOException ex) {
						// a refused handshake, or the server closed
					}
				}
			});
		}

		int port() {
			return this.socket.getLocalPort();
		}

		int handshakesCompleted() {
			return this.handshakes.get();
		}

		@Override
		public void close() throws IOException {
			this.socket.close();
			this.acceptor.interrupt();
		}

	}

}
