package io.eventops.localstack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * HAProxy in front of the replicated services, on the ports clients already use, as a
 * Kubernetes Service and Ingress would be: round robin over the replicas that answer
 * their readiness probe on the management port, the edge in TCP mode so that TLS stays
 * end to end. Its admin socket takes a replica out of rotation and puts it back, as a
 * Kubernetes endpoint controller does around a pod's termination.
 */
final class Balancer implements AutoCloseable {

	// sun_path holds 108 bytes on Linux
	private static final int MAX_SOCKET_PATH = 100;

	private final Process process;

	private final Path config;

	private final Path socket;

	private final List<Frontend> frontends;

	private Balancer(Process process, Path config, Path socket, List<Frontend> frontends) {
		this.process = process;
		this.config = config;
		this.socket = socket;
		this.frontends = List.copyOf(frontends);
	}

	/**
	 * One balanced service.
	 *
	 * @param name the module name
	 * @param address where the frontend listens (127.0.0.1 but for the edge's with
	 * {@code --listen})
	 * @param port the port clients use
	 * @param tcp whether to pass bytes through (TLS) instead of HTTP
	 * @param replicas the replicas' ports
	 */
	record Frontend(String name, String address, int port, boolean tcp, List<Replica> replicas) {

		Frontend(String name, int port, boolean tcp, List<Replica> replicas) {
			this(name, SuiteOptions.LOOPBACK, port, tcp, replicas);
		}

	}

	/**
	 * One replica behind a frontend; its API listens on 127.0.0.1.
	 *
	 * @param name the replica's name
	 * @param apiPort its API port
	 * @param managementAddress where its management port listens (127.0.0.1 but with
	 * {@code --expose})
	 * @param managementPort its management port (readiness)
	 */
	record Replica(String name, int apiPort, String managementAddress, int managementPort) {

		Replica(String name, int apiPort, int managementPort) {
			this(name, apiPort, SuiteOptions.LOOPBACK, managementPort);
		}

	}

	/**
	 * Where HAProxy is, if it is installed.
	 * @return the binary
	 */
	static Optional<Path> binary() {
		return Stream
			.concat(Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).map(Path::of),
					Stream.of(Path.of("/usr/sbin"), Path.of("/usr/local/sbin")))
			.map((dir) -> dir.resolve("haproxy"))
			.filter(Files::isExecutable)
			.findFirst();
	}

	static Balancer start(Path dir, List<Frontend> frontends, Path logs) throws IOException, InterruptedException {
		Path haproxy = binary().orElseThrow(() -> new IOException(
				"Several replicas need HAProxy in front of them and it is not installed: apt-get install -y haproxy"));
		Files.createDirectories(dir);
		Files.createDirectories(logs);
		Path config = dir.resolve("haproxy.cfg");
		Path socket = dir.toAbsolutePath().resolve("admin.sock");
		if (socket.toString().length() > MAX_SOCKET_PATH) {
			socket = Files.createTempDirectory("eventops-haproxy").resolve("admin.sock");
		}
		Files.deleteIfExists(socket);
		Files.writeString(config, configuration(frontends, socket));
		Process process = new ProcessBuilder(haproxy.toString(), "-db", "-f", config.toString())
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(logs.resolve("haproxy.log").toFile()))
			.start();
		Balancer balancer = new Balancer(process, config, socket, frontends);
		try {
			for (Frontend frontend : frontends) {
				balancer.awaitListening(SuiteOptions.reach(frontend.address()), frontend.port(),
						Duration.ofSeconds(10));
			}
		}
		catch (IOException | RuntimeException ex) {
			balancer.close();
			throw ex;
		}
		return balancer;
	}

	static String configuration(List<Frontend> frontends, Path socket) {
		StringBuilder out = new StringBuilder("""
				global
				    maxconn 4096
				    stats socket %s mode 600 level admin

				defaults
				    timeout connect 2s
				    # long polls and change streams stay open for minutes
				    timeout client 10m
				    timeout server 10m
				    timeout tunnel 10m
				    timeout check 2s
				    retries 2
				    option redispatch
				""".formatted(socket));
		for (Frontend frontend : frontends) {
			String mode = frontend.tcp() ? "tcp" : "http";
			out.append("\nfrontend ").append(frontend.name()).append('\n');
			out.append("    mode ").append(mode).append('\n');
			out.append("    bind ").append(frontend.address()).append(':').append(frontend.port()).append('\n');
			out.append("    default_backend ").append(frontend.name()).append('\n');
			out.append("\nbackend ").append(frontend.name()).append('\n');
			out.append("    mode ").append(mode).append('\n');
			out.append("    balance roundrobin\n");
			// readiness, as Kubernetes asks it: a replica that is starting or draining
			// gets no new work
			out.append("    option httpchk GET /actuator/health/readiness\n");
			out.append("    http-check expect status 200\n");
			out.append("    default-server inter 1s fall 2 rise 1\n");
			for (Replica replica : frontend.replicas()) {
				out.append("    server ")
					.append(replica.name())
					.append(" 127.0.0.1:")
					.append(replica.apiPort())
					.append(" check addr ")
					.append(SuiteOptions.reach(replica.managementAddress()))
					.append(" port ")
					.append(replica.managementPort())
					.append('\n');
			}
		}
		return out.toString();
	}

	/**
	 * Takes a replica out of rotation ({@code drain}: no new connections or requests,
	 * those under way finish) or puts it back ({@code ready}: the health check decides
	 * again).
	 * @param replica the replica's name
	 * @param inRotation whether it gets new work
	 * @throws IOException when HAProxy refuses or does not answer
	 */
	void rotation(String replica, boolean inRotation) throws IOException {
		String answer = command(
				"set server " + backendOf(replica) + "/" + replica + " state " + (inRotation ? "ready" : "drain"));
		if (!answer.isBlank()) {
			throw new IOException("HAProxy refused to change " + replica + ": " + answer.strip());
		}
	}

	/**
	 * A replica's status as HAProxy sees it: {@code UP}, {@code DOWN}, {@code DRAIN},
	 * {@code MAINT}, or a transition such as {@code UP 1/2}.
	 * @param replica the replica's name
	 * @return the status column of {@code show stat}
	 * @throws IOException when HAProxy does not answer
	 */
	String status(String replica) throws IOException {
		String backend = backendOf(replica);
		String[] lines = command("show stat").split("\n");
		List<String> header = Arrays.asList(lines[0].replaceFirst("^# ", "").split(",", -1));
		int status = header.indexOf("status");
		for (String line : lines) {
			String[] columns = line.split(",", -1);
			if (columns.length > status && columns[0].equals(backend) && columns[1].equals(replica)) {
				return columns[status];
			}
		}
		throw new IOException("HAProxy does not know " + backend + "/" + replica);
	}

	private String backendOf(String replica) {
		return this.frontends.stream()
			.filter((frontend) -> frontend.replicas().stream().anyMatch((r) -> r.name().equals(replica)))
			.map(Frontend::name)
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(replica + " is not behind the balancer"));
	}

	private String command(String line) throws IOException {
		try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
			channel.connect(UnixDomainSocketAddress.of(this.socket));
			channel.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
			// without "prompt" HAProxy answers one command and closes
			ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
			StringBuilder answer = new StringBuilder();
			while (channel.read(buffer) >= 0) {
				buffer.flip();
				answer.append(StandardCharsets.UTF_8.decode(buffer));
				buffer.clear();
			}
			return answer.toString();
		}
	}

	private void awaitListening(String host, int port, Duration timeout) throws IOException, InterruptedException {
		Instant deadline = Instant.now().plus(timeout);
		while (Instant.now().isBefore(deadline)) {
			if (!this.process.isAlive()) {
				throw new IOException("HAProxy exited with " + this.process.exitValue() + " (config " + this.config
						+ "); see haproxy.log");
			}
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(host, port), 200);
				return;
			}
			catch (IOException ex) {
				TimeUnit.MILLISECONDS.sleep(100);
			}
		}
		throw new IOException("HAProxy does not listen on " + port + " after " + timeout);
	}

	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
		}
	}

}
