package io.eventops.testsupport;

import java.io.IOException;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Finds or starts the PostgreSQL server for {@link TestInfrastructure}.
 */
final class PostgresSources {

	/**
	 * Started by Testcontainers; auto mode uses it only where it can be had
	 * (DockerProbe).
	 */
	static final String IMAGE = "postgres:16-alpine";

	private static final String LOCAL_HOST = "127.0.0.1";

	private static final int LOCAL_PORT = 5432;

	private PostgresSources() {
	}

	static PostgresServer resolve(String mode) {
		String configured = System.getenv("EVENTOPS_TEST_POSTGRES_URL");
		if (configured != null && !configured.isBlank() && mode.equals("auto")) {
			return fromUrl(configured.trim());
		}
		if (mode.equals("testcontainers") || (mode.equals("auto") && DockerProbe.testcontainersUsable(IMAGE))) {
			return testcontainers();
		}
		if (mode.equals("local") || (mode.equals("auto") && localAnswers())) {
			return local();
		}
		return embedded();
	}

	/**
	 * Reads {@code postgresql://user:password@host:port/database} (a {@code jdbc:} prefix
	 * is allowed).
	 */
	static PostgresServer fromUrl(String url) {
		URI uri = URI.create(url.startsWith("jdbc:") ? url.substring(5) : url);
		String user = "postgres";
		String password = "";
		if (uri.getUserInfo() != null) {
			String[] parts = uri.getUserInfo().split(":", 2);
			user = parts[0];
			password = (parts.length > 1) ? parts[1] : "";
		}
		String database = (uri.getPath() == null || uri.getPath().length() <= 1) ? "postgres"
				: uri.getPath().substring(1);
		int port = (uri.getPort() > 0) ? uri.getPort() : LOCAL_PORT;
		return new PostgresServer(uri.getHost(), port, database, user, password, "EVENTOPS_TEST_POSTGRES_URL");
	}

	private static boolean localAnswers() {
		if (!TestInfrastructure.answers(LOCAL_HOST, LOCAL_PORT)) {
			return false;
		}
		try (Connection ignored = DriverManager.getConnection(local().jdbcUrl("postgres"), "postgres", "")) {
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

	private static PostgresServer local() {
		return new PostgresServer(LOCAL_HOST, LOCAL_PORT, "postgres", "postgres", "", "local service");
	}

	@SuppressWarnings("resource") // lives as long as the JVM; Testcontainers' reaper
									// removes it
	private static PostgresServer testcontainers() {
		PostgreSQLContainer container = new PostgreSQLContainer(IMAGE);
		container.start();
		return new PostgresServer(container.getHost(), container.getMappedPort(5432), container.getDatabaseName(),
				container.getUsername(), container.getPassword(), "Testcontainers");
	}

	private static PostgresServer embedded() {
		try {
			EmbeddedPostgres server = EmbeddedPostgres.builder().start();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					server.close();
				}
				catch (IOException ex) {
					// the JVM is exiting; the data directory is temporary
				}
			}));
			return new PostgresServer(LOCAL_HOST, server.getPort(), "postgres", "postgres", "", "embedded (zonky)");
		}
		catch (IOException ex) {
			throw new IllegalStateException("No PostgreSQL for tests: none configured, no Docker, "
					+ "nothing on 127.0.0.1:5432, and the embedded server did not start", ex);
		}
	}

}
