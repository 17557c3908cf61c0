package io.eventops.orchestrator.agent;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.PrintFloor;
import io.eventops.orchestrator.PrintInfrastructureInitializer;
import io.eventops.orchestrator.PrintOrchestratorApplication;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.orchestrator.config.RedisKeys;
import io.eventops.printer.virtual.VirtualPrinter;
import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two orchestrator replicas on one database and Redis namespace: one agent per printer,
 * and a replica killed mid-label leaves its job to the next agent, which completes it
 * once.
 */
class ReplicaTests {

	private static final Map<String, Object> properties = new HashMap<>();

	private static ConfigurableApplicationContext first;

	private static ConfigurableApplicationContext second;

	private PrintFloor floor;

	@BeforeAll
	static void startReplicas() {
		TestDatabase database = TestInfrastructure.freshDatabase();
		RedisServerEndpoint redis = TestInfrastructure.redis();
		PrintInfrastructureInitializer.migrateReconciler(database.jdbcUrl(), database.user(), database.password());
		properties.putAll(Map.of("spring.datasource.url", database.jdbcUrl(), "spring.datasource.username",
				database.user(), "spring.datasource.password", database.password(), "spring.data.redis.host",
				redis.host(), "spring.data.redis.port", redis.port(), "eventops.redis.key-prefix",
				TestInfrastructure.freshRedisNamespace(), "server.port", 0, "management.server.port", 0));
		properties
			.putAll(Map.of("eventops.security.ops-password", TestData.OPS_PASSWORD, "eventops.security.admin-password",
					TestData.ADMIN_PASSWORD, "eventops.print.probe-interval", "100ms", "eventops.print.relay-interval",
					"200ms", "eventops.print.connect-timeout", "300ms", "eventops.print.read-timeout", "300ms",
					"eventops.print.confirm-poll-interval", "25ms", "eventops.print.agent-lease-ttl", "2s",
					"eventops.print.rebuild-interval", "300ms", "eventops.print.rebuild-grace", "1s"));
		properties.putAll(Map.of("eventops.print.printer-network.allowed-cidrs", "127.0.0.0/8",
				"eventops.print.printer-network.allowed-ports", "1024-65535"));
		first = start();
		second = start();
	}

	@AfterAll
	static void stopReplicas() {
		close(first);
		close(second);
	}

	@BeforeEach
	void setUp() {
		this.floor = floor(first);
	}

	@AfterEach
	void tearDown() {
		this.floor.close();
	}

	@Test
	void twoReplicasPrintEveryBadgeOnceAlsoThroughAFailover() {
		String pool = TestData.unique("hall");
		VirtualPrinter a = this.floor.start("a", Duration.ofMillis(100));
		VirtualPrinter b = this.floor.start("b", Duration.ofMillis(100));
		String aId = this.floor.register(a, pool);
		this.floor.register(b, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 30);
		eventually().until(() -> PrintFloor.labels(a).size() >= 3);

		a.die();
		// ops fail it over through the other replica while its agent does it too
		floor(second).http().postJson("/admin/v1/printers/" + aId + "/failover", HttpTestClient.ops(), Map.of());

		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, a, b);
	}

	@Test
	void replicaKilledMidLabelLeavesTheJobToTheNextAgentWhichCompletesItOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("slow", Duration.ofSeconds(4));
		String printerId = this.floor.register(printer, pool);
		List<BadgeJob> jobs = this.floor.jobs(pool, 3);
		eventually().until(() -> this.floor.countInState(jobs, "PRINTING") == 1
				&& printer.state().formatsInBuffer() + printer.state().labelsRemaining() > 0);
		UUID printing = this.floor.ledger(jobs)
			.values()
			.stream()
			.filter((row) -> row.state().equals("PRINTING"))
			.findFirst()
			.orElseThrow()
			.jobId();
		String owner = this.floor.redis().opsForValue().get(keys(first).agentLease(printerId));
		boolean firstIsAgent = first.getBean(AgentLease.class).owner().equals(owner);

		// the replica that sends to the printer goes away mid-label
		ConfigurableApplicationContext killed = firstIsAgent ? first : second;
		ConfigurableApplicationContext survivor = firstIsAgent ? second : first;
		close(killed);
		printer.slow(Duration.ofMillis(50));
		ConfigurableApplicationContext restarted = start();
		if (firstIsAgent) {
			first = restarted;
		}
		else {
			second = restarted;
		}
		PrintFloor after = floor(survivor);

		after.awaitAllPrinted(jobs);
		after.assertEachPrintedOnce(jobs, printer);
		assertThat(after.ledger(jobs).get(printing).possibleDuplicate()).isFalse();
		assertThat(PrintFloor.labels(printer)).hasSize(3);
	}

	@Test
	void onlyTheLeaseHolderReportsAPrintersStateAndAFormerHolderDropsItsSeriesAtOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("gauged", Duration.ofMillis(100));
		String printerId = this.floor.register(printer, pool);
		String series = "eventops_print_printer_state{printer=\"" + printerId + "\"";
		eventually().until(() -> reports(first, series) != reports(second, series));
		String lease = keys(first).agentLease(printerId);
		String holder = this.floor.redis().opsForValue().get(lease);
		ConfigurableApplicationContext agent = first.getBean(AgentLease.class).owner().equals(holder) ? first : second;
		assertThat(reports(agent, series)).isTrue();

		// a third replica takes the lease over (as after a pause longer than its TTL)
		this.floor.redis().opsForValue().set(lease, "another-replica", Duration.ofSeconds(30));

		eventually().until(() -> !reports(first, series) && !reports(second, series));
		this.floor.redis().delete(lease);
		eventually().until(() -> reports(first, series) || reports(second, series));
	}

	@Test
	void aLeaseMovedWhileTheOldHolderWaitsOnPostgresNeverLeavesTwoUnconfirmedJobsOnOnePrinter() throws SQLException {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("stale", Duration.ofMillis(300));
		String printerId = this.floor.register(printer, pool);
		recordMostUnconfirmedPerPrinter();
		String lease = keys(first).agentLease(printerId);
		String holder = this.floor.redis().opsForValue().get(lease);
		ConfigurableApplicationContext other = first.getBean(AgentLease.class).owner().equals(holder) ? second : first;
		List<BadgeJob> jobs;
		try (Connection stall = first.getBean(DataSource.class).getConnection()) {
			// a PostgreSQL stall: every read of the dispatch pause waits, the lease
			// holder's
			// dispatch step among them, with nothing in flight yet
			stall.setAutoCommit(false);
			try (Statement lock = stall.createStatement()) {
				lock.execute("LOCK TABLE printing.dispatch_pause IN ACCESS EXCLUSIVE MODE");
			}
			jobs = this.floor.jobs(pool, 3);
			eventually().until(() -> this.floor.redis().opsForList().size(keys(first).queue(printerId)) == 3);
			// the lease expires meanwhile and the other replica takes it (as after a
			// stall
			// longer than its TTL); its own dispatch step waits on the same stall
			this.floor.redis()
				.opsForValue()
				.set(lease, other.getBean(AgentLease.class).owner(), Duration.ofSeconds(30));
			// both dispatch steps and both ledger sweepers wait on the pause
			eventually().until(() -> waitingOnTheDispatchPause() >= 4);
			printer.swallowNext();
			stall.rollback();
		}

		this.floor.awaitAllPrinted(jobs);
		this.floor.assertEachPrintedOnce(jobs, printer);
		assertThat(mostUnconfirmed(printerId)).as("unconfirmed jobs at once on printer %s", printerId)
			.isLessThanOrEqualTo(1);
	}

	// A trigger keeps, per printer, the most jobs sent and not confirmed it held at once.
	private void recordMostUnconfirmedPerPrinter() {
		JdbcTemplate jdbc = this.floor.jdbc();
		jdbc.execute("CREATE TABLE IF NOT EXISTS printing.test_most_unconfirmed"
				+ " (printer_id text PRIMARY KEY, most int NOT NULL)");
		jdbc.execute("""
				CREATE OR REPLACE FUNCTION printing.test_count_unconfirmed() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN
					IF NEW.printer_id IS NOT NULL THEN
						INSERT INTO printing.test_most_unconfirmed (printer_id, most)
						SELECT NEW.printer_id, count(*) FROM printing.print_jobs
						WHERE printer_id = NEW.printer_id AND state IN ('PRINTING', 'UNKNOWN_OUTCOME')
						ON CONFLICT (printer_id) DO UPDATE
							SET most = greatest(test_most_unconfirmed.most, excluded.most);
					END IF;
					RETURN NULL;
				END $$""");
		jdbc.execute("CREATE OR REPLACE TRIGGER test_count_unconfirmed AFTER INSERT OR UPDATE ON printing.print_jobs"
				+ " FOR EACH ROW EXECUTE FUNCTION printing.test_count_unconfirmed()");
	}

	private int mostUnconfirmed(String printerId) {
		return this.floor.jdbc()
			.queryForList("SELECT most FROM printing.test_most_unconfirmed WHERE printer_id = ?", Integer.class,
					printerId)
			.stream()
			.findFirst()
			.orElse(0);
	}

	private long waitingOnTheDispatchPause() {
		Long waiting = this.floor.jdbc()
			.queryForObject("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
					+ " AND wait_event_type = 'Lock' AND query LIKE 'SELECT resumes_at FROM printing.dispatch_pause%'",
					Long.class);
		return (waiting != null) ? waiting : 0;
	}

	private static boolean reports(ConfigurableApplicationContext context, String series) {
		int management = context.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
		return new HttpTestClient(management).text("/actuator/prometheus").contains(series);
	}

	private static ConfigurableApplicationContext start() {
		// as command line arguments: they must win over application.yml
		String[] args = properties.entrySet()
			.stream()
			.map((entry) -> "--" + entry.getKey() + "=" + entry.getValue())
			.toArray(String[]::new);
		return new SpringApplicationBuilder(PrintOrchestratorApplication.class).run(args);
	}

	private static void close(ConfigurableApplicationContext context) {
		if (context != null && context.isActive()) {
			context.close();
		}
	}

	private static RedisKeys keys(ConfigurableApplicationContext context) {
		return context.getBean(RedisKeys.class);
	}

	private static PrintFloor floor(ConfigurableApplicationContext context) {
		int port = ((WebServerApplicationContext) context).getWebServer().getPort();
		return new PrintFloor(port, context.getBean(JdbcTemplate.class), context.getBean(StringRedisTemplate.class),
				keys(context).prefix());
	}

}
