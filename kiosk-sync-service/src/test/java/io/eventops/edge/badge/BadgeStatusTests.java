package io.eventops.edge.badge;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.TestData;
import io.eventops.orchestrator.PrintOrchestratorApplication;
import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The kiosk-facing badge status through a real edge and the real print orchestrator (its
 * print ledger in PostgreSQL, Redis), after a check-in the real reconciler applied: the
 * kiosk's own event only, in the screen's terms, and a 503 with {@code Retry-After} when
 * the orchestrator cannot be asked.
 */
class BadgeStatusTests {

	private static ConfigurableApplicationContext orchestrator;

	private static ConfigurableApplicationContext edge;

	private static EdgeClient client;

	private final JdbcTemplate jdbc = EdgeStack.jdbc();

	@BeforeAll
	static void start() {
		EdgeStack.start();
		orchestrator = startOrchestrator();
		int port = EdgeStack.portOf(orchestrator);
		edge = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.print-orchestrator.base-url", "http://127.0.0.1:" + port));
		client = new EdgeClient(EdgeStack.portOf(edge));
	}

	@AfterAll
	static void stop() {
		if (edge != null) {
			edge.close();
		}
		if (orchestrator != null) {
			orchestrator.close();
		}
	}

	private static ConfigurableApplicationContext startOrchestrator() {
		Map<String, Object> edgeSide = EdgeStack.edgeProperties();
		RedisServerEndpoint redis = TestInfrastructure.redis();
		Map<String, Object> properties = new LinkedHashMap<>();
		// one test classpath holds the edge's application.yml: the orchestrator's
		// settings are spelled out
		properties.put("spring.config.name", "orchestrator-in-edge-tests");
		properties.put("server.port", 0);
		properties.put("management.server.port", 0);
		properties.put("spring.datasource.url", edgeSide.get("spring.datasource.url"));
		properties.put("spring.datasource.username", edgeSide.get("spring.datasource.username"));
		properties.put("spring.datasource.password", edgeSide.get("spring.datasource.password"));
		properties.put("spring.data.redis.host", redis.host());
		properties.put("spring.data.redis.port", redis.port());
		properties.put("eventops.redis.key-prefix", TestInfrastructure.freshRedisNamespace());
		properties.put("spring.flyway.schemas", "printing");
		properties.put("spring.flyway.default-schema", "printing");
		properties.put("spring.flyway.locations", "classpath:db/migration/printing");
		properties.put("spring.flyway.create-schemas", true);
		properties.put("spring.threads.virtual.enabled", true);
		properties.put("server.error.include-message", "never");
		// the test alone moves its job through the ledger: the ledger sweeper, which
		// fails
		// over the work of a printer that is out (the test's printer is DISABLED), runs
		// at
		// startup only, before there is any job (every 2 s it moved the PRINTING job back
		// to PENDING between two of the test's steps now and then)
		properties.put("eventops.print.rebuild-interval", "1h");
		properties.putAll(TestData.credentials());
		return new SpringApplicationBuilder(PrintOrchestratorApplication.class).properties(properties).run();
	}

	@Test
	void theBadgeStatusFollowsThePrintLedgerForTheKiosksOwnEventOnly() {
		String event = TestData.unique("evt");
		String kiosk = TestData.kiosk();
		String token = client.provision(kiosk, event);
		String attendee = TestData.attendees(this.jdbc, event, 1).get(0);
		assertThat(badge(kiosk, token, attendee).status()).isEqualTo(404);

		EdgeClient.Response flushed = client.flush(kiosk, token, TestData.flush(1, TestData.entry(kiosk, 1, attendee)));
		assertThat(flushed.status()).isEqualTo(200);
		UUID job = UUID.fromString(flushed.json().get("results").get(0).get("badgeJobId").asString());

		// in the outbox or the ledger, without a printer in its pool: queued
		EdgeClient.Response queued = badge(kiosk, token, attendee);
		assertThat(queued.status()).isEqualTo(200);
		assertThat(queued.json().get("status").asString()).isEqualTo("QUEUED");
		assertThat(queued.json().get("credentialVersion").asInt()).isEqualTo(1);

		// the job moves on as the dispatcher and the printer would move it
		this.jdbc.queryForList("""
				WITH taken AS (SELECT * FROM reconciler.take_from_badge_job_outbox(100, ?))
				INSERT INTO printing.print_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
					display_name, company, tier, state, created_at)
				SELECT job_id, attendee_id, event_id, credential_version, printer_pool, display_name, company, tier,
					'PENDING', created_at FROM taken
				ON CONFLICT (job_id) DO NOTHING RETURNING job_id""", "hall-a");
		// the printer of record (disabled: the running orchestrator neither probes nor
		// dispatches to it, and its sweeper waits an hour, so the test alone moves the
		// job)
		this.jdbc.update("""
				INSERT INTO printing.printers (printer_id, host, port, pool, state)
				VALUES ('hall-a-1', '127.0.0.1', 9, 'hall-a', 'DISABLED') ON CONFLICT (printer_id) DO NOTHING""");
		stage(job, "UPDATE printing.print_jobs SET state = 'PRINTING', printer_id = 'hall-a-1', attempts = 1"
				+ " WHERE job_id = ?");
		EdgeClient.Response printing = badge(kiosk, token, attendee);
		assertThat(printing.json().get("status").asString()).isEqualTo("PRINTING");
		assertThat(printing.json().get("printerId").asString()).isEqualTo("hall-a-1");

		stage(job,
				"UPDATE printing.print_jobs SET state = 'PRINTED', printed_at = now(), confirmed_by = 'LABEL_COUNTER'"
						+ " WHERE job_id = ?");
		EdgeClient.Response printed = badge(kiosk, token, attendee);
		assertThat(printed.json().get("status").asString()).isEqualTo("PRINTED");
		assertThat(printed.json().get("printerId").asString()).isEqualTo("hall-a-1");
		assertThat(OffsetDateTime.parse(printed.json().get("printedAt").asString())).isNotNull();

		// a failover re-sent it: the attendee may hold two badges or none
		stage(job, "UPDATE printing.print_jobs SET possible_duplicate = true WHERE job_id = ?");
		assertThat(badge(kiosk, token, attendee).json().get("status").asString()).isEqualTo("ASK_STAFF");

		// a kiosk of another event never sees this event's badges
		String otherKiosk = TestData.kiosk();
		String otherToken = client.provision(otherKiosk, TestData.unique("evt"));
		EdgeClient.Response foreign = badge(otherKiosk, otherToken, attendee);
		assertThat(foreign.status()).isEqualTo(404);
		assertThat(foreign.contentType()).startsWith("application/problem+json");
		assertThat(foreign.json().get("type").asString()).endsWith("/no-badge-job");
		// nor another kiosk's path
		assertThat(badge(kiosk, otherToken, attendee).status()).isEqualTo(403);
	}

	@Test
	void aMalformedAttendeeIdIsAProblemAndTheOrchestratorIsNotAsked() {
		String kiosk = TestData.kiosk();
		String token = client.provision(kiosk, TestData.unique("evt"));
		EdgeClient.Response refused = badge(kiosk, token, "no%20spaces");
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().get("type").asString()).endsWith("/malformed-attendee-id");
		assertThat(refused.json().get("errors").get(0).get("field").asString()).isEqualTo("attendeeId");
	}

	@Test
	void anOrchestratorThatCannotBeAskedIsA503WithRetryAfter() {
		ConfigurableApplicationContext orphan = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.print-orchestrator.base-url", "http://127.0.0.1:9"));
		try {
			EdgeClient other = new EdgeClient(EdgeStack.portOf(orphan));
			String kiosk = TestData.kiosk();
			String token = other.provision(kiosk, TestData.unique("evt"));
			EdgeClient.Response unavailable = other.get("/v1/kiosks/" + kiosk + "/attendees/att_1/badge",
					EdgeClient.bearer(token));
			assertThat(unavailable.status()).isEqualTo(503);
			assertThat(unavailable.retryAfter()).isEqualTo("3");
			assertThat(unavailable.json().get("type").asString()).endsWith("/print-unavailable");
		}
		finally {
			orphan.close();
		}
	}

	private void stage(UUID job, String sql) {
		await().atMost(Duration.ofSeconds(30)).until(() -> this.jdbc.update(sql, job) == 1);
	}

	private static EdgeClient.Response badge(String kiosk, String token, String attendee) {
		return client.get("/v1/kiosks/" + kiosk + "/attendees/" + attendee + "/badge", EdgeClient.bearer(token));
	}

}
