package io.eventops.rediscluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A three-master Redis Cluster of local {@code redis-server} processes (no replicas, no
 * persistence, like the embedded Redis), each in its own directory, joined by
 * {@code redis-cli --cluster create}, as a production Redis Cluster would be: the local
 * stack's {@code --redis-cluster} and the hash-tag proof of ARCHITECTURE.md's key names
 * in the tests.
 */
public final class LocalRedisCluster {

	/** How many masters the cluster has. */
	public static final int MASTERS = 3;

	private static final String HOST = "127.0.0.1";

	private static final Duration READY = Duration.ofSeconds(30);

	private final List<Process> nodes;

	private final List<Integer> ports;

	private final Path root;

	private final boolean temporary;

	private LocalRedisCluster(List<Process> nodes, List<Integer> ports, Path root, boolean temporary) {
		this.nodes = nodes;
		this.ports = ports;
		this.root = root;
		this.temporary = temporary;
	}

	/**
	 * Starts a cluster in a directory that is kept: the first node on {@code firstPort},
	 * the others on free loopback ports.
	 * @param root the cluster's directory, wiped first (the cluster keeps nothing); it
	 * stays, with each node's log, after {@link #stop()}
	 * @param firstPort the first node's port
	 * @return the running cluster
	 */
	public static LocalRedisCluster start(Path root, int firstPort) {
		try {
			delete(root);
			Files.createDirectories(root);
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not prepare " + root + " for the Redis Cluster", ex);
		}
		// a node's cluster bus port is chosen too, so that port + 10000 need not be free
		List<Integer> free = FreePorts.loopback(2 * MASTERS - 1);
		List<Integer> ports = new ArrayList<>(List.of(firstPort));
		ports.addAll(free.subList(0, MASTERS - 1));
		return start(root, false, ports, free.subList(MASTERS - 1, free.size()));
	}

	/**
	 * Starts a cluster on free loopback ports in a temporary directory.
	 * @return the running cluster; {@link #stop()} ends its processes and removes the
	 * directory
	 */
	public static LocalRedisCluster startTemporary() {
		Path root;
		try {
			root = Files.createTempDirectory("eventops-redis-cluster-");
		}
		catch (IOException ex) {
			throw new IllegalStateException("No temporary directory for the Redis Cluster", ex);
		}
		List<Integer> free = FreePorts.loopback(2 * MASTERS);
		return start(root, true, free.subList(0, MASTERS), free.subList(MASTERS, free.size()));
	}

	// starts the nodes, creates the cluster and waits until every node serves all 16384
	// slots
	private static LocalRedisCluster start(Path root, boolean temporary, List<Integer> ports, List<Integer> busPorts) {
		List<Process> nodes = new ArrayList<>();
		LocalRedisCluster cluster = new LocalRedisCluster(nodes, List.copyOf(ports), root, temporary);
		try {
			for (int i = 0; i < MASTERS; i++) {
				nodes.add(startNode(root.resolve("node-" + ports.get(i)), ports.get(i), busPorts.get(i)));
			}
			for (int port : ports) {
				awaitAnswer(port, "PING", "+PONG");
			}
			List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
			ports.forEach((port) -> create.add(HOST + ":" + port));
			create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
			run(create, root.resolve("cluster-create.log"));
			for (int port : ports) {
				awaitAnswer(port, "CLUSTER INFO", "cluster_state:ok");
			}
			return cluster;
		}
		catch (RuntimeException ex) {
			cluster.stop();
			throw ex;
		}
	}

	/**
	 * The nodes as {@code host:port}, the form of
	 * {@code spring.data.redis.cluster.nodes}.
	 * @return one entry per master
	 */
	public List<String> nodes() {
		return this.ports.stream().map((port) -> HOST + ":" + port).toList();
	}

	/**
	 * The first node's port.
	 * @return the port
	 */
	public int firstPort() {
		return this.ports.get(0);
	}

	/**
	 * The nodes' ports.
	 * @return one per master
	 */
	public List<Integer> ports() {
		return this.ports;
	}

	/**
	 * Ends the node processes; a temporary cluster's directory goes too, a kept one's
	 * stays until the next start.
	 */
	public void stop() {
		this.nodes.forEach(Process::destroy);
		for (Process node : this.nodes) {
			try {
				if (!node.waitFor(5, TimeUnit.SECONDS)) {
					node.destroyForcibly();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				node.destroyForcibly();
			}
		}
		if (this.temporary) {
			try {
				delete(this.root);
			}
			catch (IOException ex) {
				// a temporary directory; the OS cleans it eventually
			}
		}
	}

	private static void delete(Path root) throws IOException {
		if (Files.exists(root)) {
			try (Stream<Path> files = Files.walk(root)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			}
		}
	}

	private static Process startNode(Path dir, int port, int busPort) {
		try {
			Files.createDirectories(dir);
			return new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind", HOST,
					"--cluster-enabled", "yes", "--cluster-port", Integer.toString(busPort), "--cluster-config-file",
					"nodes.conf", "--cluster-node-timeout", "5000", "--dir", dir.toString(), "--save", "",
					"--appendonly", "no", "--protected-mode", "no")
				.directory(dir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(dir.resolve("redis.log").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not start redis-server for the Redis Cluster (is redis-server 7 "
					+ "on the PATH?): " + ex.getMessage(), ex);
		}
	}

	private static void run(List<String> command, Path log) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			if (!process.waitFor(READY.toSeconds(), TimeUnit.SECONDS) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new IllegalStateException(
						"'" + String.join(" ", command) + "' failed: " + Files.readString(log).strip());
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not run redis-cli (is it on the PATH?): " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while creating the Redis Cluster", ex);
		}
	}

	// test infrastructure, not a test: it polls a starting server with a deadline
	private static void awaitAnswer(int port, String command, String expected) {
		long deadline = System.nanoTime() + READY.toNanos();
		String last = "";
		while (System.nanoTime() < deadline) {
			last = ask(port, command);
			if (last.contains(expected)) {
				return;
			}
			LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
		}
		throw new IllegalStateException("Redis Cluster node " + HOST + ":" + port + " did not answer '" + command
				+ "' with '" + expected + "' within " + READY + "; last answer: " + last.strip());
	}

	/**
	 * Sends one command to a node in Redis' inline protocol.
	 * @param port the node's port
	 * @param command the command, e.g. {@code CLUSTER INFO}
	 * @return the first part of the answer as it came, or the failure's text
	 */
	public static String ask(int port, String command) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(HOST, port), 500);
			socket.setSoTimeout(1000);
			OutputStream out = socket.getOutputStream();
			out.write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] buffer = new byte[4096];
			int read = in.read(buffer);
			return (read > 0) ? new String(buffer, 0, read, StandardCharsets.US_ASCII) : "";
		}
		catch (IOException ex) {
			return ex.toString();
		}
	}

}
