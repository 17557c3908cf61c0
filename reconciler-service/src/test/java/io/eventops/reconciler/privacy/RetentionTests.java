package io.eventops.reconciler.privacy;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import io.eventops.reconciler.access.PolicyStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retention of personal data (#38): {@code personalDataRetentionDays} is validated
 * with the policy, and {@link RetentionErasure} erases an event once its retention after
 * the last day ran out, exactly once however many job instances race and however often it
 * runs again (a restart). The events' days lie a year ahead, so the job the context
 * schedules on the real clock never finds them due; the tests run it at chosen instants.
 */
@ReconcilerTest
class RetentionTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final LocalDate FIRST = LocalDate.now(BERLIN).plusYears(1);

	private static final LocalDate LAST = FIRST.plusDays(1);

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private PolicyStore policies;

	@Autowired
	private Erasures erasures;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	@Test
	void theRetentionIsZeroToAHundredYearsOrAbsent() {
		for (int bad : List.of(-1, 36_501)) {
			HttpTestClient.Response response = savePolicy(bad);
			assertThat(response.status()).as(response.body().toString()).isEqualTo(422);
			assertThat(response.contentType()).startsWith("application/problem+json");
			assertThat(response.body().get("errors").toString()).contains("personalDataRetentionDays");
		}
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.event_policies WHERE event_id = ?",
				Long.class, this.event))
			.isZero();
		for (int good : List.of(0, 36_500)) {
			assertThat(savePolicy(good).status()).isEqualTo(200);
		}
		JsonNode current = this.http.get("/admin/v1/events/" + this.event + "/policy", HttpTestClient.ops()).body();
		assertThat(current.toString()).contains("\"personalDataRetentionDays\":36500");
	}

	@Test
	void notYetDueErasesNothing() {
		List<String> people = eventWithRetention(3);
		Instant due = LAST.plusDays(4).atStartOfDay(BERLIN).toInstant();
		assertThat(job().eraseDue(due.minusMillis(1))).isZero();
		assertThat(erasuresOf(this.event)).isZero();
		assertThat(named(people)).isEqualTo(2);
		assertThat(job().eraseDue(due)).isEqualTo(1);
		assertThat(named(people)).isZero();
	}

	@Test
	void twoJobInstancesRacingEraseOnceAndARestartDoesNotEraseAgain() throws Exception {
		List<String> people = eventWithRetention(0);
		Instant due = LAST.plusDays(1).atStartOfDay(BERLIN).toInstant();
		int rounds = 4;
		List<Integer> erased = new ArrayList<>();
		try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
			for (int round = 0; round < rounds; round++) {
				String event = (round == 0) ? this.event : TestData.unique("evt");
				if (round > 0) {
					this.event = event;
					eventWithRetention(0);
				}
				CyclicBarrier start = new CyclicBarrier(2);
				RetentionErasure one = job();
				RetentionErasure two = job();
				CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> race(start, one, due), pool);
				CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> race(start, two, due), pool);
				erased.add(a.get() + b.get());
				assertThat(erasuresOf(event)).as("one audit row for " + event).isEqualTo(1);
				assertThat(this.jdbc.queryForObject(
						"SELECT count(*) FROM reconciler.change_log WHERE event_id = ? AND kind = 'ERASED'", Long.class,
						event))
					.isEqualTo(2);
			}
		}
		assertThat(named(people)).isZero();
		// a restart: a new instance, the same database
		long changes = this.jdbc.queryForObject("SELECT coalesce(max(stream_seq), 0) FROM reconciler.change_log",
				Long.class);
		assertThat(job().eraseDue(due.plusSeconds(86_400))).isZero();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.erasures WHERE erased_by = ?", Long.class,
				RetentionErasure.ERASED_BY))
			.isGreaterThanOrEqualTo(rounds);
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.change_log WHERE stream_seq > ? AND kind = 'ERASED'", Long.class,
				changes))
			.isZero();
		assertThat(this.jdbc.queryForObject("SELECT erased_at IS NOT NULL FROM reconciler.events WHERE event_id = ?",
				Boolean.class, this.event))
			.isTrue();
	}

	private Integer race(CyclicBarrier start, RetentionErasure job, Instant now) {
		try {
			start.await();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		return job.eraseDue(now);
	}

	private RetentionErasure job() {
		return new RetentionErasure(this.jdbc, this.policies, this.erasures, Clock.systemUTC());
	}

	private List<String> eventWithRetention(int days) {
		HttpTestClient.Response saved = savePolicy(days);
		assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
		List<String> people = List.of(TestData.unique("att").replace('-', '_'),
				TestData.unique("att").replace('-', '_'));
		List<Map<String, Object>> rows = people.stream()
			.map((id) -> Map.<String, Object>of("attendeeId", id, "displayName", "Person " + id, "email",
					id.replace('_', '.') + "@example.org"))
			.toList();
		assertThat(this.http.postJson("/admin/v1/events/" + this.event + "/attendees", admin(), rows).status())
			.isBetween(200, 201);
		return people;
	}

	private long named(List<String> people) {
		return this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.attendees WHERE attendee_id = ANY(?) AND display_name <> ''",
				Long.class, (Object) people.toArray(new String[0]));
	}

	private long erasuresOf(String eventId) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.erasures WHERE event_id = ?", Long.class,
				eventId);
	}

	private HttpTestClient.Response savePolicy(int retentionDays) {
		Map<String, Object> policy = TestPolicy.policy().area("hall", "ANY").build();
		policy.put("days", List.of(FIRST.toString(), LAST.toString()));
		policy.put("ticketTypes", List.of(Map.of("id", "full", "name", "Full pass"),
				Map.of("id", "day1", "name", "Day pass"), Map.of("id", "workshop", "name", "Workshop seat")));
		policy.put("personalDataRetentionDays", retentionDays);
		return this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(), policy);
	}

}
