package io.eventops.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import redis.embedded.RedisServer;

/**
 * Starts and stops the embedded PostgreSQL (its data directory survives restarts: a venue
 * laptop that reboots keeps the day's check-ins) and the embedded Redis (which keeps
 * nothing, as in many deployments: the suite rebuilds what it needs from PostgreSQL).
 */
final class Infrastructure implements AutoCloseable {

	static final String DATABASE = "eventops";

	private final Path pgData;

	private volatile EmbeddedPostgres postgres;

	private final RedisServer redis;

	private final int redisPort;

	private Infrastructure(Path pgData, EmbeddedPostgres postgres, RedisServer redis, int redisPort) {
		this.pgData = pgData;
		this.postgres = postgres;
		this.redis = redis;
		this.redisPort = redisPort;
	}

	static Infrastructure start(Path dataDir, int postgresPort, int redisPort) throws IOException, SQLException {
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
		RedisServer redis = RedisServer.newRedisServer()
			.port(redisPort)
			.bind("127.0.0.1")
			.setting("save \"\"")
			.setting("appendonly no")
			.build();
		redis.start();
		return new Infrastructure(pgData, postgres, redis, redisPort);
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

	@Override
	public void close() throws IOException {
		this.redis.stop();
		this.postgres.close();
	}

}
