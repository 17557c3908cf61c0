package io.eventops.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.eventops.testsupport.DockerProbe.Endpoint;
import io.eventops.testsupport.DockerProbe.Image;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auto mode's Testcontainers decision: a daemon that answers is not enough, the
 * images must be there or the registry must answer (the compose smoke's daemon has no
 * registry).
 */
class DockerProbeTests {

	@TempDir
	Path dir;

	@Test
	void noDaemonNeverChoosesTestcontainersAndDoesNotAskTheRegistry() {
		AtomicInteger asked = new AtomicInteger();
		assertThat(DockerProbe.decide(false, List.of(Image.PRESENT), () -> asked.incrementAndGet() > 0)).isFalse();
		assertThat(asked).hasValue(0);
	}

	@Test
	void imagesPresentLocallyNeedNoRegistry() {
		AtomicInteger asked = new AtomicInteger();
		assertThat(DockerProbe.decide(true, List.of(Image.PRESENT, Image.PRESENT), () -> asked.incrementAndGet() < 0))
			.isTrue();
		assertThat(asked).hasValue(0);
	}

	@Test
	void aMissingImageNeedsTheRegistry() {
		assertThat(DockerProbe.decide(true, List.of(Image.PRESENT, Image.ABSENT), () -> true)).isTrue();
		assertThat(DockerProbe.decide(true, List.of(Image.PRESENT, Image.ABSENT), () -> false)).isFalse();
		assertThat(DockerProbe.decide(true, List.of(Image.UNKNOWN), () -> false)).isFalse();
	}

	@Test
	void ryukIsNeededUnlessDisabled() {
		List<String> needed = DockerProbe.neededImages("postgres:16-alpine");
		assertThat(needed).startsWith("postgres:16-alpine");
		if (!"true".equalsIgnoreCase(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))) {
			assertThat(needed).hasSize(2);
			assertThat(needed.get(1)).contains("ryuk");
		}
	}

	@Test
	void asksAnEngineOverItsUnixSocket() throws Exception {
		Path socket = this.dir.resolve("docker.sock");
		try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
			server.bind(UnixDomainSocketAddress.of(socket));
			Thread engine = Thread.ofVirtual().start(() -> serveFakeEngine(server));
			Endpoint endpoint = new Endpoint(socket, null);
			assertThat(endpoint.ping()).isTrue();
			assertThat(endpoint.image("postgres:16-alpine")).isEqualTo(Image.PRESENT);
			assertThat(endpoint.image("testcontainers/ryuk:0.12.0")).isEqualTo(Image.ABSENT);
			engine.interrupt();
		}
	}

	@Test
	void aSocketNobodyListensOnDoesNotAnswer() throws IOException {
		Path socket = Files.createFile(this.dir.resolve("stale.sock"));
		Endpoint endpoint = new Endpoint(socket, null);
		assertThat(endpoint.ping()).isFalse();
		assertThat(endpoint.image("postgres:16-alpine")).isEqualTo(Image.UNKNOWN);
	}

	@Test
	void aRegistryAnswersWithAnyStatusAndAClosedPortDoesNot() throws IOException {
		HttpServer registry = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		registry.createContext("/v2/", (exchange) -> {
			exchange.sendResponseHeaders(401, -1);
			exchange.close();
		});
		registry.start();
		try {
			URI answering = URI.create("http://127.0.0.1:" + registry.getAddress().getPort() + "/v2/");
			assertThat(DockerProbe.registryAnswers(answering, Duration.ofSeconds(5))).isTrue();
		}
		finally {
			registry.stop(0);
		}
		int closed;
		try (ServerSocket socket = new ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		assertThat(
				DockerProbe.registryAnswers(URI.create("http://127.0.0.1:" + closed + "/v2/"), Duration.ofSeconds(5)))
			.isFalse();
	}

	@Test
	void readsDockerHost() {
		assertThat(Endpoint.parse("unix:///run/user/1000/docker.sock"))
			.contains(new Endpoint(Path.of("/run/user/1000/docker.sock"), null));
		assertThat(Endpoint.parse("tcp://127.0.0.1:2375")).hasValueSatisfying((endpoint) -> {
			assertThat(endpoint.tcp().getPort()).isEqualTo(2375);
			assertThat(endpoint.socket()).isNull();
		});
		assertThat(Endpoint.parse("ssh://user@host")).isEmpty();
	}

	@Test
	void readsTestcontainersOwnDockerHostSetting() throws IOException {
		Path properties = Files.writeString(this.dir.resolve(".testcontainers.properties"),
				"docker.host=unix:///run/docker-alt.sock\nryuk.container.privileged=true\n");
		assertThat(Endpoint.userProperty(properties, "docker.host")).isEqualTo("unix:///run/docker-alt.sock");
		assertThat(Endpoint.userProperty(this.dir.resolve("absent.properties"), "docker.host")).isNull();
	}

	/** Answers /_ping and /images/postgres:16-alpine/json with 200, anything else 404. */
	private static void serveFakeEngine(ServerSocketChannel server) {
		while (!Thread.currentThread().isInterrupted()) {
			try (SocketChannel client = server.accept()) {
				InputStream in = Channels.newInputStream(client);
				StringBuilder line = new StringBuilder();
				int c;
				while ((c = in.read()) != -1 && c != '\n') {
					line.append((char) c);
				}
				String path = line.toString().split(" ")[1];
				boolean found = path.equals("/_ping") || path.equals("/images/postgres:16-alpine/json");
				String answer = found ? "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK"
						: "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n";
				client.write(ByteBuffer.wrap(answer.getBytes(StandardCharsets.US_ASCII)));
			}
			catch (IOException ex) {
				return;
			}
		}
	}

}
