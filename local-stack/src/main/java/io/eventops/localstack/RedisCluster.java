package io.eventops.localstack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
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
 * The local stack's {@code --redis-cluster}: three {@code redis-server} masters (no
 * replicas, no persistence, like the embedded Redis), each in its own directory, joined
 * by {@code redis-cli --cluster create}, as a production Redis Cluster would be.
 */
final class RedisCluster {

	static final int MASTERS = 3;

	private static final String HOST = "127.0.0.1";

	private static final Duration READY = Duration.ofSeconds(30);

	private final List<Process> nodes;

	private final List<Integer> ports;

	private RedisCluster(List<Process> nodes, List<Integer> ports) {
		this.nodes = nodes;
		this.ports = ports;
	}

	/**
	 * Starts the nodes (the first on {@code firstPort}, the others on free loopback
	 * ports), creates the cluster and waits until every node serves all 16384 slots.
	 * @param root the cluster's directory, wiped first: the cluster keeps nothing
	 * @param firstPort the first node's port
	 * @return the running cluster; {@link #stop()} ends its processes
	 */
	static RedisCluster start(Path root, int firstPort) {
		try {
			if (Files.exists(root)) {
				try (Stream<Path> files = Files.walk(root)) {
					for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
						Files.delete(file);
					}
				}
			}
			Files.createDirectories(root);
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not prepare " + root + " for the Redis Cluster", ex);
		}
		// a node's cluster bus port is chosen too, so that port + 10000 need not be free
		List<Integer> free = freePorts(2 * MASTERS - 1);
		List<Integer> ports = new ArrayList<>(List.of(firstPort));
		ports.addAll(free.subList(0, MASTERS - 1));
		List<Integer> busPorts = free.subList(MASTERS - 1, free.size());
		List<Process> nodes = new ArrayList<>();
		RedisCluster cluster = new RedisCluster(nodes, List.copyOf(ports));
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
	List<String> nodes() {
		return this.ports.stream().map((port) -> HOST + ":" + port).toList();
	}

	/**
	 * Ends the node processes; their directory (with each node's log) stays until the
	 * next start.
	 */
	void stop() {
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

	private static String ask(int port, String command) {
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

	private static List<Integer> freePorts(int count) {
		// every socket stays open until all ports are chosen, so none is picked twice
		List<ServerSocket> sockets = new ArrayList<>();
		try {
			for (int i = 0; i < count; i++) {
				sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
			}
			return sockets.stream().map(ServerSocket::getLocalPort).toList();
		}
		catch (IOException ex) {
			throw new IllegalStateException("No free port for the Redis Cluster", ex);
		}
		finally {
			for (ServerSocket socket : sockets) {
				try {
					socket.close();
				}
				catch (IOException ex) {
					// the port is still free to use
				}
			}
		}
	}

}
