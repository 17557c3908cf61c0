package io.eventops.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.rediscluster.LocalRedisCluster;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import redis.embedded.RedisServer;

/**
 * Starts and stops the embedded PostgreSQL (its data directory survives restarts: a venue
 * laptop that reboots keeps the day's check-ins) and the embedded Redis (which keeps
 * nothing, as in many deployments: the suite rebuilds what it needs from PostgreSQL), or
 * instead of that Redis a local three-master Redis Cluster ({@code --redis-cluster}).
 */
final class Infrastructure implements AutoCloseable {

	static final String DATABASE = "eventops";

	private final Path pgData;

	private volatile EmbeddedPostgres postgres;

	private final RedisServer redis;

	private final LocalRedisCluster redisCluster;

	private final int redisPort;

	private Infrastructure(Path pgData, EmbeddedPostgres postgres, RedisServer redis, LocalRedisCluster redisCluster,
			int redisPort) {
		this.pgData = pgData;
		this.postgres = postgres;
		this.redis = redis;
		this.redisCluster = redisCluster;
		this.redisPort = redisPort;
	}

	static Infrastructure start(Path dataDir, int postgresPort, int redisPort) throws IOException, SQLException {
		return start(dataDir, postgresPort, redisPort, false);
	}

	/**
	 * Starts PostgreSQL and Redis.
	 * @param dataDir where PostgreSQL keeps its data (and the cluster its nodes' logs)
	 * @param postgresPort PostgreSQL's port
	 * @param redisPort Redis' port (the first node's, for a cluster)
	 * @param redisCluster whether Redis is a three-master Redis Cluster
	 * @return the running infrastructure
	 * @throws IOException when a server cannot start
	 * @throws SQLException when the database cannot be created
	 */
	static Infrastructure start(Path dataDir, int postgresPort, int redisPort, boolean redisCluster)
			throws IOException, SQLException {
		Path pgData = dataDir.resolve("postgres");
		Files.createDirectories(pgData);
		EmbeddedPostgres postgres = startPostgres(pgData, postgresPort);
		try (Connection connection = DriverManager.getConnection(postgres.getJdbcUrl("postgres", "postgres"));
				Statement statement = connection.createStatement();
				ResultSet exists = statement
					.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
			if (!exists.next()) {
				statement.execute("CREATE DATABASE " + DATABASE);
			}
		}
		try {
			if (redisCluster) {
				return new Infrastructure(pgData, postgres, null,
						LocalRedisCluster.start(dataDir.resolve("redis-cluster"), redisPort), redisPort);
			}
			RedisServer redis = RedisServer.newRedisServer()
				.port(redisPort)
				.bind("127.0.0.1")
				.setting("save \"\"")
				.setting("appendonly no")
				.build();
			redis.start();
			return new Infrastructure(pgData, postgres, redis, null, redisPort);
		}
		catch (IOException | RuntimeException ex) {
			postgres.close();
			throw ex;
		}
	}

	// The embedded server's test defaults are fsync=off and synchronous_commit=off: fast,
	// but a laptop that loses power then loses acknowledged check-ins or its whole
	// database. Invariant 6 (acknowledge only what is durable) needs both on, so they are
	// set here and checked after start.
	static final Map<String, String> DURABILITY = Map.of("fsync", "on", "synchronous_commit", "on", "full_page_writes",
			"on");

	private static EmbeddedPostgres startPostgres(Path pgData, int port) throws IOException {
		EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
			.setDataDirectory(pgData)
			.setCleanDataDirectory(false)
			.setPort(port)
			.setRegisterShutdownHook(false);
		DURABILITY.forEach(builder::setServerConfig);
		// loopback only, as every port of the local stack (the server's default is
		// "localhost", whatever that resolves to); trust authentication stays local
		builder.setServerConfig("listen_addresses", SuiteOptions.LOOPBACK);
		// per-statement totals for ops and the drills (the extension ships with the
		// binaries)
		builder.setServerConfig("shared_preload_libraries", "pg_stat_statements");
		EmbeddedPostgres postgres = builder.start();
		try {
			assertDurable(postgres);
		}
		catch (SQLException | IllegalStateException ex) {
			postgres.close();
			throw new IOException("PostgreSQL started without durable commits: " + ex.getMessage(), ex);
		}
		return postgres;
	}

	private static void assertDurable(EmbeddedPostgres postgres) throws SQLException {
		try (Connection connection = DriverManager.getConnection(postgres.getJdbcUrl("postgres", "postgres"));
				Statement statement = connection.createStatement()) {
			for (Map.Entry<String, String> setting : DURABILITY.entrySet()) {
				try (ResultSet rs = statement.executeQuery("SHOW " + setting.getKey())) {
					rs.next();
					if (!setting.getValue().equals(rs.getString(1))) {
						throw new IllegalStateException(setting.getKey() + " is " + rs.getString(1));
					}
				}
			}
		}
	}

	/**
	 * Reads one server setting, as the running server has it.
	 * @param name the setting
	 * @return its value
	 * @throws SQLException when PostgreSQL cannot be asked
	 */
	String setting(String name) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.postgres.getJdbcUrl("postgres", "postgres"));
				Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery("SELECT current_setting('" + name.replace("'", "") + "')")) {
			rs.next();
			return rs.getString(1);
		}
	}

	/**
	 * Stops PostgreSQL (fast shutdown: connections are cut) and starts it again on the
	 * same port and data directory, as a host reboot of the database would.
	 */
	synchronized void restartPostgres() throws IOException {
		int port = this.postgres.getPort();
		this.postgres.close();
		this.postgres = startPostgres(this.pgData, port);
	}

	String jdbcUrl() {
		return "jdbc:postgresql://127.0.0.1:" + this.postgres.getPort() + "/" + DATABASE;
	}

	int postgresPort() {
		return this.postgres.getPort();
	}

	int redisPort() {
		return this.redisPort;
	}

	/**
	 * The Redis Cluster's nodes.
	 * @return {@code host:port} of each master, empty for a single Redis
	 */
	List<String> redisClusterNodes() {
		return (this.redisCluster != null) ? this.redisCluster.nodes() : List.of();
	}

	/**
	 * What the services need to reach Redis: host and port, and for a cluster
	 * {@code SPRING_DATA_REDIS_CLUSTER_NODES} (Spring Boot's
	 * {@code spring.data.redis.cluster.nodes}, which then wins over host and port).
	 * @return environment variables
	 */
	Map<String, String> redisEnvironment() {
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("EVENTOPS_REDIS_HOST", "127.0.0.1");
		environment.put("EVENTOPS_REDIS_PORT", Integer.toString(this.redisPort));
		if (this.redisCluster != null) {
			environment.put("SPRING_DATA_REDIS_CLUSTER_NODES", String.join(",", this.redisCluster.nodes()));
		}
		return environment;
	}

	@Override
	public void close() throws IOException {
		if (this.redis != null) {
			this.redis.stop();
		}
		if (this.redisCluster != null) {
			this.redisCluster.stop();
		}
		this.postgres.close();
	}

}
