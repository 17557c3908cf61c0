package io.eventops.localstack;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded PostgreSQL of the local stack commits durably and keeps its data across a
 * restart (invariant 6 on a venue laptop).
 */
class InfrastructureTests {

	@TempDir
	Path dataDir;

	@Test
	void commitsAreDurableAndDataSurvivesARestart() throws Exception {
		try (Infrastructure infrastructure = Infrastructure.start(this.dataDir, freePort(), freePort())) {
			// the embedded server's own defaults are fsync=off, synchronous_commit=off
			assertThat(infrastructure.setting("fsync")).isEqualTo("on");
			assertThat(infrastructure.setting("synchronous_commit")).isEqualTo("on");
			assertThat(infrastructure.setting("full_page_writes")).isEqualTo("on");
			execute(infrastructure, "CREATE TABLE acknowledged (k text PRIMARY KEY)");
			execute(infrastructure, "INSERT INTO acknowledged VALUES ('kiosk-01:1')");
			infrastructure.restartPostgres();
			try (Connection connection = DriverManager.getConnection(infrastructure.jdbcUrl(), "postgres", "");
					Statement statement = connection.createStatement();
					ResultSet rs = statement.executeQuery("SELECT k FROM acknowledged")) {
				assertThat(rs.next()).isTrue();
				assertThat(rs.getString(1)).isEqualTo("kiosk-01:1");
			}
			assertThat(infrastructure.setting("synchronous_commit")).isEqualTo("on");
		}
	}

	private static void execute(Infrastructure infrastructure, String sql) throws SQLException {
		try (Connection connection = DriverManager.getConnection(infrastructure.jdbcUrl(), "postgres", "");
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
