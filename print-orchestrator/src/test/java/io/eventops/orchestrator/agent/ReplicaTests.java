package io.eventops.orchestrator.agent;

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
