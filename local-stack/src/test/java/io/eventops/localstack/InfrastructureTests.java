package io.eventops.localstack;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
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
 * restart (invariant 6 on a venue laptop); {@code --redis-cluster} runs a real
 * three-master Redis Cluster.
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

	@Test
	void redisClusterHasThreeMastersAndTheServicesAreGivenItsNodes() throws Exception {
		int first = freePort();
		try (Infrastructure infrastructure = Infrastructure.start(this.dataDir, freePort(), first, true)) {
			assertThat(infrastructure.redisClusterNodes()).hasSize(3).startsWith("127.0.0.1:" + first);
			assertThat(infrastructure.redisEnvironment()).containsEntry("SPRING_DATA_REDIS_CLUSTER_NODES",
					String.join(",", infrastructure.redisClusterNodes()));
			for (String node : infrastructure.redisClusterNodes()) {
				assertThat(ask(Integer.parseInt(node.substring(node.indexOf(':') + 1)), "CLUSTER INFO"))
					.contains("cluster_state:ok")
					.contains("cluster_size:3");
			}
		}
	}

	private static String ask(int port, String command) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(2000);
			socket.getOutputStream().write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
			byte[] buffer = new byte[4096];
			int read = socket.getInputStream().read(buffer);
			return new String(buffer, 0, Math.max(read, 0), StandardCharsets.US_ASCII);
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
