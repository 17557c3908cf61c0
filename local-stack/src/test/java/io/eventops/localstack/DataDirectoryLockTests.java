package io.eventops.localstack;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./eventops-local} started while an earlier stack still runs on its data
 * directory prints one line that names the cause and what to do, exits 1, and changes
 * nothing, also with {@code --reset} (issue #37, finding 3). The launcher runs as its own
 * JVM, as from the command line, while this JVM holds the data directory with a real
 * embedded PostgreSQL.
 */
class DataDirectoryLockTests {

	@TempDir
	Path dataDir;

	@Test
	void aSecondStackOnADataDirectoryInUseSaysSoInOneLineAndWipesNothing() throws Exception {
		try (Infrastructure earlier = Infrastructure.start(this.dataDir, freePort(), freePort())) {
			execute(earlier, "CREATE TABLE checked_in (k text PRIMARY KEY)");
			execute(earlier, "INSERT INTO checked_in VALUES ('kiosk-01:1')");
			Path secrets = Files.writeString(this.dataDir.resolve("secrets.properties"), "ops-password=kept\n");

			LauncherProcess second = LauncherProcess.java("--data-dir", this.dataDir.toString(), "--reset");

			assertThat(second.exitCode()).as(second.toString()).isEqualTo(1);
			assertThat(second.stdout()).as(second.toString()).isEmpty();
			assertThat(second.stderr()).as(second.toString()).hasSize(1);
			assertThat(second.stderr().get(0))
				.startsWith("eventops-local: Another ./eventops-local still runs on " + this.dataDir)
				.contains("Ctrl-C")
				.contains("--data-dir")
				.contains("nothing was changed")
				.doesNotContain("Exception");
			assertThat(Files.readString(secrets)).isEqualTo("ops-password=kept\n");
			try (Connection connection = DriverManager.getConnection(earlier.jdbcUrl(), "postgres", "");
					Statement statement = connection.createStatement();
					ResultSet rows = statement.executeQuery("SELECT k FROM checked_in")) {
				assertThat(rows.next()).isTrue();
				assertThat(rows.getString(1)).isEqualTo("kiosk-01:1");
			}
		}
	}

	@Test
	void aPostgresLeftRunningByAKilledLauncherIsNamedByItsPid() throws Exception {
		// a process whose program is called postgres, as the orphaned server's is, named
		// in postmaster.pid; its launcher (the one that held the lock) is gone
		Path program = this.dataDir.resolve("bin").resolve("postgres");
		Files.createDirectories(program.getParent());
		Files.copy(Path.of("/bin/sleep"), program, StandardCopyOption.COPY_ATTRIBUTES);
		Process orphan = new ProcessBuilder(program.toString(), "300").start();
		try {
			Path pgData = Files.createDirectories(this.dataDir.resolve("postgres"));
			Files.writeString(pgData.resolve("postmaster.pid"), orphan.pid() + "\n" + pgData + "\n");
			Files.writeString(pgData.resolve(DataDirectoryInUse.LOCK_FILE), "");
			Path version = Files.writeString(pgData.resolve("PG_VERSION"), "17\n");

			LauncherProcess second = LauncherProcess.java("--data-dir", this.dataDir.toString(), "--reset");

			assertThat(second.exitCode()).as(second.toString()).isEqualTo(1);
			assertThat(second.stderr()).as(second.toString())
				.containsExactly("eventops-local: The PostgreSQL of an earlier ./eventops-local still runs on " + pgData
						+ " (pid " + orphan.pid() + ", its launcher is gone): stop it with kill " + orphan.pid()
						+ " and start again; nothing was changed.");
			assertThat(version).hasContent("17\n");

			// ./eventops-local says so before it builds anything (the build would replace
			// the jars under the running services)
			LauncherProcess script = LauncherProcess.script("--data-dir", this.dataDir.toString(), "--reset");
			assertThat(script.exitCode()).as(script.toString()).isEqualTo(1);
			assertThat(script.stderr()).as(script.toString())
				.containsExactly("eventops-local: a stack still runs on " + this.dataDir + " (its PostgreSQL is pid "
						+ orphan.pid() + "): stop it with Ctrl-C in its terminal (kill " + orphan.pid()
						+ " if its launcher is gone), or use another --data-dir; nothing was changed.");
			assertThat(version).hasContent("17\n");
		}
		finally {
			orphan.destroyForcibly();
		}
	}

	private static void execute(Infrastructure infrastructure, String sql) throws Exception {
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
