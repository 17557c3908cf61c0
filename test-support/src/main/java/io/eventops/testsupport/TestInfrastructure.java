package io.eventops.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides, once per JVM, where tests get PostgreSQL and Redis from, and hands out a fresh
 * database and a fresh Redis key namespace per test context.
 * <p>
 * Order: servers named by {@code EVENTOPS_TEST_POSTGRES_URL} /
 * {@code EVENTOPS_TEST_REDIS_URL} (explicit configuration wins); else Testcontainers when
 * a Docker engine answers and the image is in it or the registry answers
 * ({@link DockerProbe}); else the local services on 127.0.0.1 when they answer; else
 * embedded servers. {@code EVENTOPS_TEST_INFRA} ({@code testcontainers}, {@code local},
 * {@code embedded}) forces one source.
 * <p>
 * {@code EVENTOPS_TEST_REDIS=cluster} (or the system property
 * {@code eventops.test.redis=cluster}, which a surefire execution sets) starts a local
 * three-master Redis Cluster instead, once per JVM, and every Spring context of the JVM
 * is pointed at it through {@code spring.data.redis.cluster.nodes}.
 */
public final class TestInfrastructure {

	private static final Logger logger = LoggerFactory.getLogger(TestInfrastructure.class);

	private static final String DATABASE_PREFIX = "eventops_t_";

	private static final Duration STALE_DATABASE_AGE = Duration.ofHours(6);

	private static final String CLUSTER_NODES = "spring.data.redis.cluster.nodes";

	private static final Object lock = new Object();

	private static final List<String> createdDatabases = new CopyOnWriteArrayList<>();

	private static PostgresServer postgres;

	private static RedisServerEndpoint redis;

	private TestInfrastructure() {
	}

	/**
	 * The PostgreSQL server of this JVM, started or found on first use.
	 * @return the server
	 */
	public static PostgresServer postgres() {
		synchronized (lock) {
			if (postgres == null) {
				postgres = PostgresSources.resolve(mode());
				logger.info("Tests use PostgreSQL at {}:{} ({})", postgres.host(), postgres.port(), postgres.origin());
				dropStaleDatabases(postgres);
				Runtime.getRuntime().addShutdownHook(new Thread(TestInfrastructure::dropCreatedDatabases));
			}
			return postgres;
		}
	}

	/**
	 * The Redis server of this JVM, started or found on first use.
	 * @return the server
	 */
	public static RedisServerEndpoint redis() {
		synchronized (lock) {
			if (redis == null) {
				redis = RedisSources.resolve(mode());
				if (redis.cluster()) {
					// a system property, so that contexts a test builds itself (with only
					// host and port) reach the cluster too: Spring Boot prefers the
					// cluster configuration when both are set
					System.setProperty(CLUSTER_NODES, String.join(",", redis.clusterNodes()));
					logger.info("Tests use a Redis Cluster at {} ({})", redis.clusterNodes(), redis.origin());
				}
				else {
					logger.info("Tests use Redis at {}:{} ({})", redis.host(), redis.port(), redis.origin());
				}
			}
			return redis;
		}
	}

	/**
	 * Creates an empty database for one test context; it is dropped when the JVM exits.
	 * @return the database
	 */
	public static TestDatabase freshDatabase() {
		PostgresServer server = postgres();
		String name = DATABASE_PREFIX + (System.currentTimeMillis() / 1000) + "_"
				+ UUID.randomUUID().toString().substring(0, 8);
		execute(server, "CREATE DATABASE " + name);
		createdDatabases.add(name);
		return new TestDatabase(server.jdbcUrl(name), server.user(), server.password());
	}

	/**
	 * A Redis key prefix no other test context uses, so contexts never see each other's
	 * keys.
	 * @return a prefix such as {@code t3f9a1c2e:}
	 */
	public static String freshRedisNamespace() {
		return "t" + UUID.randomUUID().toString().substring(0, 8) + ":";
	}

	static String mode() {
		String mode = System.getenv("EVENTOPS_TEST_INFRA");
		return (mode == null || mode.isBlank()) ? "auto" : mode.trim().toLowerCase(Locale.ROOT);
	}

	/**
	 * Whether this JVM's tests run against a local Redis Cluster.
	 * @return {@code true} when {@code eventops.test.redis} or
	 * {@code EVENTOPS_TEST_REDIS} is {@code cluster}
	 */
	public static boolean redisClusterRequested() {
		String requested = System.getProperty("eventops.test.redis", System.getenv("EVENTOPS_TEST_REDIS"));
		return requested != null && requested.trim().equalsIgnoreCase("cluster");
	}

	static boolean dockerMayRun() {
		String dockerHost = System.getenv("DOCKER_HOST");
		return (dockerHost != null && !dockerHost.isBlank()) || Files.exists(Path.of("/var/run/docker.sock"))
				|| Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
	}

	static boolean answers(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	static boolean redisAnswersPing(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 500);
			socket.setSoTimeout(1000);
			OutputStream out = socket.getOutputStream();
			out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] reply = in.readNBytes(7);
			return new String(reply, StandardCharsets.US_ASCII).startsWith("+PONG");
		}
		catch (IOException ex) {
			return false;
		}
	}

	static void execute(PostgresServer server, String sql) {
		try (Connection connection = DriverManager.getConnection(server.jdbcUrl(server.adminDatabase()), server.user(),
				server.password()); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Test infrastructure could not run '" + sql + "' on " + server.origin(),
					ex);
		}
	}

	private static void dropStaleDatabases(PostgresServer server) {
		long cutoff = System.currentTimeMillis() / 1000 - STALE_DATABASE_AGE.toSeconds();
		List<String> stale = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection(server.jdbcUrl(server.adminDatabase()), server.user(),
				server.password());
				Statement statement = connection.createStatement();
				ResultSet rows = statement
					.executeQuery("SELECT datname FROM pg_database WHERE datname LIKE '" + DATABASE_PREFIX + "%'")) {
			while (rows.next()) {
				String name = rows.getString(1);
				String[] parts = name.substring(DATABASE_PREFIX.length()).split("_");
				if (parts.length == 2 && parts[0].chars().allMatch(Character::isDigit)
						&& Long.parseLong(parts[0]) < cutoff) {
					stale.add(name);
				}
			}
		}
		catch (SQLException ex) {
			logger.warn("Could not list stale test databases: {}", ex.getMessage());
		}
		stale.forEach((name) -> dropQuietly(server, name));
	}

	private static void dropCreatedDatabases() {
		PostgresServer server = postgres;
		if (server != null) {
			createdDatabases.forEach((name) -> dropQuietly(server, name));
		}
	}

	private static void dropQuietly(PostgresServer server, String name) {
		try {
			execute(server, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
		}
		catch (IllegalStateException ex) {
			logger.debug("Could not drop test database {}", name, ex);
		}
	}

}
