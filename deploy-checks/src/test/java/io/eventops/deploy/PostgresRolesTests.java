package io.eventops.deploy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.eventops.testsupport.PostgresServer;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The least-privilege roles of {@code k8s/base/postgres/roles.sql} against the real
 * PostgreSQL: applied (twice) to a fresh database as the Kubernetes job and the compose
 * init script do, then each service migrates its schema as its own role, the script runs
 * once more (the next release's job), and each role can do what its service needs and
 * nothing more. Roles are cluster-wide while every test gets its own database, which is
 * what the script must survive.
 */
class PostgresRolesTests {

	/** Roles log in with this password in the tests only. */
	private static final String PASSWORD = "eventops-roles-test";

	private static final Path ROLES = RepositoryFiles.resolve("k8s/base/postgres/roles.sql");

	private static final Map<String, String> SCHEMAS = Map.of("eventops_reconciler", "reconciler-service:reconciler",
			"eventops_orchestrator", "print-orchestrator:printing", "eventops_edge", "kiosk-sync-service:edge");

	private static PostgresServer server;

	private static TestDatabase database;

	@BeforeAll
	static void applyTheRolesThenMigrateAsEachService() {
		Optional<Path> psql = Commands.find("psql");
		assumeTrue(psql.isPresent(), "psql runs the roles script as the job does");
		server = TestInfrastructure.postgres();
		database = TestInfrastructure.freshDatabase();
		String name = database.jdbcUrl().substring(database.jdbcUrl().lastIndexOf('/') + 1);
		for (int run = 0; run < 2; run++) {
			Commands.Result result = Commands.run(psql(psql.get(), name, "-f", ROLES.toString()));
			assertThat(result.exitCode()).as(result.output()).isZero();
		}
		Commands.Result passwords = Commands.run(psql(psql.get(), name, "-v", "reconciler=" + PASSWORD, "-v",
				"orchestrator=" + PASSWORD, "-v", "edge=" + PASSWORD, "-v", "ops=" + PASSWORD, "-f",
				ROLES.resolveSibling("passwords.sql").toString()));
		assertThat(passwords.exitCode()).as(passwords.output()).isZero();
		// the reconciler first: the orchestrator's relay calls its functions
		for (String role : List.of("eventops_reconciler", "eventops_orchestrator", "eventops_edge")) {
			String[] moduleAndSchema = SCHEMAS.get(role).split(":");
			Flyway.configure()
				.dataSource(database.jdbcUrl(), role, PASSWORD)
				.schemas(moduleAndSchema[1])
				.defaultSchema(moduleAndSchema[1])
				.createSchemas(true)
				.initSql("SET lock_timeout = '5s'")
				.locations("filesystem:" + RepositoryFiles
					.resolve(moduleAndSchema[0] + "/src/main/resources/db/migration/" + moduleAndSchema[1]))
				.load()
				.migrate();
		}
		// the job runs again at the next release, now over existing tables and functions
		Commands.Result again = Commands.run(psql(psql.get(), name, "-f", ROLES.toString()));
		assertThat(again.exitCode()).as(again.output()).isZero();
	}

	@Test
	void eachServiceOwnsOnlyItsSchema() throws SQLException {
		assertThat(query("eventops_reconciler", "SELECT count(*) FROM reconciler.check_ins")).isEqualTo("0");
		assertThat(query("eventops_orchestrator", "SELECT count(*) FROM printing.print_jobs")).isEqualTo("0");
		assertThat(query("eventops_edge", "SELECT count(*) FROM edge.kiosks")).isEqualTo("0");
		assertDenied("eventops_reconciler", "SELECT count(*) FROM printing.printers");
		assertDenied("eventops_reconciler", "SELECT count(*) FROM edge.kiosks");
		assertDenied("eventops_orchestrator", "SELECT count(*) FROM reconciler.check_ins");
		assertDenied("eventops_orchestrator", "SELECT count(*) FROM edge.kiosks");
		assertDenied("eventops_edge", "SELECT count(*) FROM reconciler.attendees");
		assertDenied("eventops_edge", "SELECT count(*) FROM printing.print_jobs");
		for (String role : SCHEMAS.keySet()) {
			assertDenied(role, "CREATE TABLE public.intruder (id int)");
		}
	}

	@Test
	void theOrchestratorTakesBadgeJobsOnlyThroughTheReconcilersFunctions() throws SQLException {
		assertThat(query("eventops_orchestrator",
				"SELECT count(*) FROM reconciler.take_from_badge_job_outbox(10, 'hall')"))
			.isEqualTo("0");
		// the old name, for an orchestrator of the previous release during a rolling
		// deploy
		assertThat(query("eventops_orchestrator", "SELECT count(*) FROM reconciler.take_badge_jobs(10, 'hall')"))
			.isEqualTo("0");
		// the live-first take the relay calls (V12, issue #24)
		assertThat(query("eventops_orchestrator",
				"SELECT count(*) FROM reconciler.take_from_badge_job_outbox(10, 'hall', interval '5 minutes')"))
			.isEqualTo("0");
		assertThat(query("eventops_orchestrator", "SELECT count(*) FROM reconciler.badge_job_backlog()"))
			.isEqualTo("0");
		// which jobs' admissions were annulled: withdrawn before a send (#36)
		assertThat(query("eventops_orchestrator",
				"SELECT count(*) FROM reconciler.annulled_badge_jobs(ARRAY[gen_random_uuid()])"))
			.isEqualTo("0");
		assertDenied("eventops_orchestrator", "SELECT count(*) FROM reconciler.badge_jobs WHERE annulled_at IS NULL");
		assertDenied("eventops_orchestrator", "DELETE FROM reconciler.badge_job_relay");
		assertDenied("eventops_edge", "SELECT count(*) FROM reconciler.take_from_badge_job_outbox(10, 'hall')");
		assertDenied("eventops_edge", "SELECT count(*) FROM reconciler.take_badge_jobs(10, 'hall')");
		assertDenied("eventops_ops", "SELECT count(*) FROM reconciler.take_from_badge_job_outbox(10, 'hall')");
		assertDenied("eventops_edge",
				"SELECT count(*) FROM reconciler.take_from_badge_job_outbox(10, 'hall', interval '1 minute')");
	}

	@Test
	void opsReadEverySchemaAndChangeNothing() throws SQLException {
		assertThat(query("eventops_ops", "SELECT count(*) FROM reconciler.check_ins")).isEqualTo("0");
		assertThat(query("eventops_ops", "SELECT count(*) FROM printing.print_jobs")).isEqualTo("0");
		assertThat(query("eventops_ops", "SELECT count(*) FROM edge.kiosks")).isEqualTo("0");
		assertThat(query("eventops_ops", "SELECT count(*) FROM reconciler.badge_job_feed")).isEqualTo("0");
		assertDenied("eventops_ops", "INSERT INTO printing.printers (printer_id, host, port, pool, state)"
				+ " VALUES ('p', 'h', 9100, 'hall', 'UP')");
		assertDenied("eventops_ops", "DELETE FROM edge.kiosks");
	}

	@Test
	void noRoleIsPrivileged() throws SQLException {
		for (String role : List.of("eventops_reconciler", "eventops_orchestrator", "eventops_edge", "eventops_ops")) {
			assertThat(query(role, "SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls FROM pg_roles"
					+ " WHERE rolname = current_user"))
				.as(role)
				.isEqualTo("f");
		}
	}

	private static List<String> psql(Path psql, String databaseName, String... arguments) {
		List<String> command = new ArrayList<>(List.of("env", "PGPASSWORD=" + server.password(), psql.toString(), "-X",
				"-q", "-v", "ON_ERROR_STOP=1", "-h", server.host(), "-p", Integer.toString(server.port()), "-U",
				server.user(), "-d", databaseName));
		command.addAll(List.of(arguments));
		return command;
	}

	private static String query(String role, String sql) throws SQLException {
		try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), role, PASSWORD);
				Statement statement = connection.createStatement();
				var result = statement.executeQuery(sql)) {
			result.next();
			return result.getString(1);
		}
	}

	// 42501 insufficient_privilege, 25006 read_only_sql_transaction
	private static void assertDenied(String role, String sql) {
		assertThatExceptionOfType(SQLException.class).as("%s: %s", role, sql).isThrownBy(() -> {
			try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), role, PASSWORD);
					Statement statement = connection.createStatement()) {
				statement.execute(sql);
			}
		}).satisfies((ex) -> assertThat(ex.getSQLState()).as(ex.getMessage()).isIn("42501", "25006"));
	}

}
