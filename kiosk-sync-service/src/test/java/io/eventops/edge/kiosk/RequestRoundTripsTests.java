package io.eventops.edge.kiosk;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.TestData;
import io.eventops.model.time.Rfc3339;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What one online flush of five entries costs the edge in round trips to PostgreSQL and
 * Redis (issue #39), counted on a replica of its own against the real database and Redis:
 * the token check, the heartbeat, the rate bucket, the capture history and the sync
 * state. It fails when a round trip comes back.
 */
class RequestRoundTripsTests {

	private static final String NAMESPACE = TestInfrastructure.freshRedisNamespace();

	private static ConfigurableApplicationContext replica;

	private static RoundTripCounting.RedisMonitor monitor;

	@BeforeAll
	static void start() {
		// a contact write interval no slow machine outlasts between two flushes: the test
		// makes the contact due itself
		replica = EdgeStack.startAnotherEdge(Map.of("spring.main.sources", RoundTripCounting.class.getName(),
				"eventops.redis.key-prefix", NAMESPACE, "eventops.edge.kiosks.contact-write-interval", "10m"));
		monitor = new RoundTripCounting.RedisMonitor(TestInfrastructure.redis());
	}

	@AfterAll
	static void stop() throws Exception {
		monitor.close();
		replica.close();
	}

	@Test
	void anOnlineFlushOfFiveEntriesCostsThreeStatementsAndTwoRedisCalls() {
		EdgeClient edge = new EdgeClient(EdgeStack.portOf(replica));
		EdgeClient.Kiosk kiosk = edge.newKiosk();
		List<String> attendees = TestData.attendees(EdgeStack.jdbc(), kiosk.event(), 15);
		// the first flush writes the heartbeat and creates the bucket and the history
		assertThat(flush(edge, kiosk, attendees, 1).status()).isEqualTo(200);

		// within the contact write interval: the token check, then the sync state's
		// read and compare-and-set; one script for the rate bucket, one for the capture
		// history (before #39: 5 statements and 4 Redis round trips, 6 commands)
		Cost second = measure(() -> flush(edge, kiosk, attendees, 6));
		assertThat(second.statements()).as(second.toString()).hasSize(3);
		assertThat(second.statements().get(0)).contains("FROM edge.kiosks WHERE token_hash = ?");
		assertThat(second.statements().get(1)).startsWith("SELECT contiguous_through_seq");
		assertThat(second.statements().get(2)).startsWith("UPDATE edge.kiosks SET last_seen_at");
		assertThat(second.redis()).as(second.toString()).hasSize(2).allMatch((command) -> command.startsWith("\"EVAL"));

		// a contact older than the interval is written: one statement more
		EdgeStack.jdbc()
			.update("UPDATE edge.kiosks SET last_contact_at = now() - interval '1 hour' WHERE kiosk_id = ?",
					kiosk.id());
		Cost due = measure(() -> flush(edge, kiosk, attendees, 11));
		assertThat(due.statements()).as(due.toString()).hasSize(4);
		assertThat(due.statements().get(1)).startsWith("UPDATE edge.kiosks SET last_contact_at");
		assertThat(due.redis()).as(due.toString()).hasSize(2);
		assertThat(EdgeStack.jdbc()
			.queryForObject("SELECT last_contact_at > now() - interval '1 minute' FROM edge.kiosks WHERE kiosk_id = ?",
					Boolean.class, kiosk.id()))
			.isTrue();
	}

	private static Cost measure(java.util.function.Supplier<EdgeClient.Response> request) {
		RoundTripCounting.STATEMENTS.clear();
		monitor.commands(NAMESPACE);
		EdgeClient.Response answer = request.get();
		assertThat(answer.status()).as(answer.body()).isEqualTo(200);
		return new Cost(List.copyOf(RoundTripCounting.STATEMENTS), monitor.commands(NAMESPACE));
	}

	private record Cost(List<String> statements, List<String> redis) {

		@Override
		public String toString() {
			return "PostgreSQL:\n  " + String.join("\n  ", this.statements) + "\nRedis:\n  "
					+ String.join("\n  ", this.redis);
		}

	}

	private static EdgeClient.Response flush(EdgeClient edge, EdgeClient.Kiosk kiosk, List<String> attendees,
			int firstSeq) {
		List<ObjectNode> entries = new ArrayList<>();
		for (int seq = firstSeq; seq < firstSeq + 5; seq++) {
			entries.add(TestData.entry(kiosk.id(), seq, attendees.get(seq - 1)).node());
		}
		// the heartbeat's headers, as the agent sends them with every request
		return edge.post("/v1/kiosks/" + kiosk.id() + "/flush", EdgeClient.bearer(kiosk.token()), "application/json",
				TestData.flush(firstSeq + 4, entries),
				Map.of(KioskContacts.VERSION, "0.1.0", KioskContacts.CLOCK,
						Rfc3339.format(OffsetDateTime.now(ZoneOffset.UTC)), KioskContacts.BACKLOG, "0",
						KioskContacts.DISK_FREE, "1000000"));
	}

}
