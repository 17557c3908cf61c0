package io.eventops.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * Whether the auto mode of {@link TestInfrastructure} may use Testcontainers: only when a
 * Docker engine answers <em>and</em> every image the container needs (its own and Ryuk,
 * the reaper) is already in that engine or the registry answers quickly. A daemon with no
 * registry (the compose smoke's, a venue laptop's) would otherwise fail every test at the
 * image pull; those runs use the local or embedded servers instead.
 * <p>
 * The engine is asked directly over its API ({@code /_ping},
 * {@code /images/{name}/json}), before Testcontainers itself is touched: its client
 * starts Ryuk, which pulls.
 */
final class DockerProbe {

	private static final Logger logger = LoggerFactory.getLogger(DockerProbe.class);

	private static final Duration TIMEOUT = Duration.ofSeconds(3);

	private static final URI REGISTRY = URI.create("https://registry-1.docker.io/v2/");

	/** What an engine said about one image. */
	enum Image {

		/** the engine has it */
		PRESENT,

		/** the engine answered that it has not */
		ABSENT,

		/** the engine could not be asked (not reachable over its API from here) */
		UNKNOWN

	}

	private DockerProbe() {
	}

	/**
	 * The decision itself, for the given answers.
	 * @param dockerAnswers whether a Docker engine answers
	 * @param images what the engine said about each needed image
	 * @param registryAnswers asked only when some image is not known to be present
	 * @return whether Testcontainers may be used
	 */
	static boolean decide(boolean dockerAnswers, List<Image> images, BooleanSupplier registryAnswers) {
		if (!dockerAnswers) {
			return false;
		}
		if (images.stream().allMatch((image) -> image == Image.PRESENT)) {
			return true;
		}
		return registryAnswers.getAsBoolean();
	}

	/**
	 * Whether this JVM's auto mode may start the given image with Testcontainers.
	 * @param image the image, e.g. {@code postgres:16-alpine}
	 * @return {@code true} when Docker answers and the image (and Ryuk's) can be had
	 */
	static boolean testcontainersUsable(String image) {
		if (!TestInfrastructure.dockerMayRun()) {
			return false;
		}
		String dockerHost = System.getenv("DOCKER_HOST");
		Optional<Endpoint> endpoint = Endpoint.fromEnvironment();
		// nothing set and no socket: no engine here (a ~/.testcontainers.properties alone
		// does not make one); a DOCKER_HOST we cannot ask ourselves (TLS, ssh): maybe
		boolean answers = endpoint.map(Endpoint::ping).orElseGet(() -> dockerHost != null && !dockerHost.isBlank());
		List<String> needed = neededImages(image);
		List<Image> images = needed.stream()
			.map((name) -> endpoint.filter((e) -> answers).map((e) -> e.image(name)).orElse(Image.UNKNOWN))
			.toList();
		boolean usable = decide(answers, images, () -> registryAnswers(REGISTRY, TIMEOUT))
				// the endpoint was not one we can ask ourselves: Testcontainers decides
				&& (endpoint.isPresent() || DockerClientFactory.instance().isDockerAvailable());
		logger.info("Testcontainers {} for {}: Docker {}, images {} {}", usable ? "usable" : "not used", image,
				answers ? "answers" : "does not answer", needed, images);
		return usable;
	}

	static List<String> neededImages(String image) {
		String ryukDisabled = System.getenv("TESTCONTAINERS_RYUK_DISABLED");
		if (ryukDisabled != null && ryukDisabled.trim().equalsIgnoreCase("true")) {
			return List.of(image);
		}
		return List.of(image, TestcontainersConfiguration.getInstance().getRyukImage());
	}

	/**
	 * Whether a registry answers HTTPS within the timeout (any status: Docker Hub answers
	 * {@code 401} without credentials).
	 * @param registry the registry's {@code /v2/} URL
	 * @param timeout the timeout
	 * @return whether it answered
	 */
	static boolean registryAnswers(URI registry, Duration timeout) {
		try (HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build()) {
			HttpResponse<Void> response = client.send(HttpRequest.newBuilder(registry).timeout(timeout).GET().build(),
					HttpResponse.BodyHandlers.discarding());
			return response.statusCode() > 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * A Docker engine's API: a Unix socket or plain TCP ({@code DOCKER_HOST}, else
	 * {@code /var/run/docker.sock}).
	 *
	 * @param socket the Unix socket, or {@code null}
	 * @param tcp the TCP address, or {@code null}
	 */
	record Endpoint(Path socket, InetSocketAddress tcp) {

		static Optional<Endpoint> fromEnvironment() {
			String dockerHost = System.getenv("DOCKER_HOST");
			if (dockerHost == null || dockerHost.isBlank()) {
				// Testcontainers' own setting, where DOCKER_HOST is not set
				dockerHost = userProperty(Path.of(System.getProperty("user.home"), ".testcontainers.properties"),
						"docker.host");
			}
			return parse(dockerHost);
		}

		static String userProperty(Path file, String key) {
			if (!Files.isRegularFile(file)) {
				return null;
			}
			Properties properties = new Properties();
			try (InputStream in = Files.newInputStream(file)) {
				properties.load(in);
				return properties.getProperty(key);
			}
			catch (IOException ex) {
				return null;
			}
		}

		static Optional<Endpoint> parse(String dockerHost) {
			if (dockerHost == null || dockerHost.isBlank()) {
				Path socket = Path.of("/var/run/docker.sock");
				return Files.exists(socket) ? Optional.of(new Endpoint(socket, null)) : Optional.empty();
			}
			URI uri = URI.create(dockerHost.trim());
			String scheme = (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "";
			if (scheme.equals("unix")) {
				return Optional.of(new Endpoint(Path.of(uri.getPath()), null));
			}
			boolean tls = "1".equals(System.getenv("DOCKER_TLS_VERIFY"));
			if (scheme.equals("tcp") && !tls && uri.getHost() != null) {
				return Optional.of(new Endpoint(null, new InetSocketAddress(uri.getHost(), uri.getPort())));
			}
			// TLS, ssh, npipe: not asked here
			return Optional.empty();
		}

		boolean ping() {
			return status("/_ping") == 200;
		}

		Image image(String name) {
			return switch (status("/images/" + name + "/json")) {
				case 200 -> Image.PRESENT;
				case 404 -> Image.ABSENT;
				default -> Image.UNKNOWN;
			};
		}

		/**
		 * The status code of a GET, or -1 when the engine did not answer in time.
		 */
		int status(String path) {
			CompletableFuture<Integer> exchange = new CompletableFuture<>();
			Thread.ofVirtual().start(() -> {
				try {
					exchange.complete(get(path));
				}
				catch (IOException | RuntimeException ex) {
					exchange.complete(-1);
				}
			});
			try {
				return exchange.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (TimeoutException | ExecutionException ex) {
				return -1;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return -1;
			}
		}

		private int get(String path) throws IOException {
			byte[] request = ("GET " + path + " HTTP/1.0\r\nHost: docker\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
			if (this.socket != null) {
				try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
					channel.connect(UnixDomainSocketAddress.of(this.socket));
					channel.write(ByteBuffer.wrap(request));
					return statusOf(Channels.newInputStream(channel));
				}
			}
			try (Socket tcpSocket = new Socket()) {
				tcpSocket.connect(this.tcp, (int) TIMEOUT.toMillis());
				tcpSocket.setSoTimeout((int) TIMEOUT.toMillis());
				OutputStream out = tcpSocket.getOutputStream();
				out.write(request);
				out.flush();
				return statusOf(tcpSocket.getInputStream());
			}
		}

		private static int statusOf(InputStream in) throws IOException {
			StringBuilder line = new StringBuilder();
			int c;
			while ((c = in.read()) != -1 && c != '\n' && line.length() < 200) {
				line.append((char) c);
			}
			String[] parts = line.toString().trim().split(" ");
			if (parts.length < 2 || !parts[0].startsWith("HTTP/") || !parts[1].matches("\\d{3}")) {
				return -1;
			}
			return Integer.parseInt(parts[1]);
		}

	}

}
