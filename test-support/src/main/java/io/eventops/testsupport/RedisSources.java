package io.eventops.testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;

import io.eventops.rediscluster.LocalRedisCluster;

import org.testcontainers.containers.GenericContainer;
import redis.embedded.RedisServer;

/**
 * Finds or starts the Redis server for {@link TestInfrastructure}.
 */
final class RedisSources {

	/**
	 * Started by Testcontainers; auto mode uses it only where it can be had
	 * (DockerProbe).
	 */
	static final String IMAGE = "redis:7-alpine";

	private static final String LOCAL_HOST = "127.0.0.1";

	private static final int LOCAL_PORT = 6379;

	private RedisSources() {
	}

	static RedisServerEndpoint resolve(String mode) {
		if (TestInfrastructure.redisClusterRequested()) {
			return cluster();
		}
		String configured = System.getenv("EVENTOPS_TEST_REDIS_URL");
		if (configured != null && !configured.isBlank() && mode.equals("auto")) {
			URI uri = URI.create(configured.trim());
			return new RedisServerEndpoint(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : LOCAL_PORT,
					"EVENTOPS_TEST_REDIS_URL");
		}
		if (mode.equals("testcontainers") || (mode.equals("auto") && DockerProbe.testcontainersUsable(IMAGE))) {
			return testcontainers();
		}
		if (mode.equals("local")
				|| (mode.equals("auto") && TestInfrastructure.redisAnswersPing(LOCAL_HOST, LOCAL_PORT))) {
			return new RedisServerEndpoint(LOCAL_HOST, LOCAL_PORT, "local service");
		}
		return embedded();
	}

	private static RedisServerEndpoint cluster() {
		LocalRedisCluster cluster = LocalRedisCluster.startTemporary();
		Runtime.getRuntime().addShutdownHook(new Thread(cluster::stop));
		return new RedisServerEndpoint(LOCAL_HOST, cluster.firstPort(),
				LocalRedisCluster.MASTERS + "-master Redis Cluster", cluster.nodes());
	}

	@SuppressWarnings("resource") // lives as long as the JVM; Testcontainers' reaper
									// removes it
	private static RedisServerEndpoint testcontainers() {
		GenericContainer<?> container = new GenericContainer<>(IMAGE).withExposedPorts(LOCAL_PORT);
		container.start();
		return new RedisServerEndpoint(container.getHost(), container.getMappedPort(LOCAL_PORT), "Testcontainers");
	}

	private static RedisServerEndpoint embedded() {
		try {
			int port;
			try (ServerSocket socket = new ServerSocket(0)) {
				port = socket.getLocalPort();
			}
			RedisServer server = RedisServer.newRedisServer()
				.port(port)
				.bind(LOCAL_HOST)
				.setting("save \"\"")
				.setting("appendonly no")
				.build();
			server.start();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					server.stop();
				}
				catch (IOException ex) {
					// the JVM is exiting
				}
			}));
			return new RedisServerEndpoint(LOCAL_HOST, port, "embedded");
		}
		catch (IOException ex) {
			throw new IllegalStateException("No Redis for tests: none configured, no Docker, "
					+ "nothing on 127.0.0.1:6379, and the embedded server did not start", ex);
		}
	}

}
