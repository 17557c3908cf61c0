package io.eventops.reconciler.access;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import io.eventops.reconciler.checkin.BatchReconciler;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Escrowed admission allowances over HTTP against real PostgreSQL (#36, invariant 14):
 * grants share the free places, keep inside plus every live reserve within the capacity
 * (also when kiosks ask at once), never lower a live limit, and give an ended lease's
 * places back.
 */
@ReconcilerTest
class AllowanceTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	private long version;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.version = this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "ANY", Map.of("capacity", 10)).build())
			.body()
			.get("version")
			.asLong();
	}

	@Test
	void grantsShareTheFreePlacesAndKeepInsidePlusReservesWithinTheCapacity() {
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		JsonNode first = grant(a, 2).body();
		assertThat(first.get("capacity").asLong()).isEqualTo(10);
		assertThat(first.get("limit").asLong()).isEqualTo(5);
		assertThat(first.get("flushedNet").asLong()).isZero();
		assertThat(first.get("policyVersion").asLong()).isEqualTo(this.version);
		assertThat(OffsetDateTime.parse(first.get("leaseUntil").asString())).isAfter(OffsetDateTime.now());
		// a fair share is 5 of the 10 not in use, and 5 are free
		assertThat(grant(b, 2).body().get("limit").asLong()).isEqualTo(5);
		// a admits 4 and one of them leaves at b
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 4);
		for (int i = 0; i < 4; i++) {
			this.reconciler.reconcile(TestData.request(a, this.event,
					TestData.entry(a, i + 1, attendees.get(i))
						.capturedAt(THU.plusMinutes(i))
						.admittedAt("hall", this.version)));
		}
		this.reconciler.reconcile(TestData.request(b, this.event,
				TestData.entry(b, 1, attendees.get(0)).capturedAt(THU.plusMinutes(30)).exitAt("hall")));
		// inside 3; a's net 4, b's net -1 (b's reserve 6): 1 free, on top of a's net 4
		// that
		// is its live limit 5
		JsonNode again = grant(a, 2).body();
		assertThat(again.get("flushedNet").asLong()).isEqualTo(4);
		assertThat(again.get("limit").asLong()).isEqualTo(5);
		assertThat(inside() + reserves()).isLessThanOrEqualTo(10);
		// 10 - 3 inside - 1 (a's reserve) = 6 free for b, a fair share 4 on b's net -1 =
		// 3: its live limit 5 stands
		assertThat(grant(b, 2).body().get("limit").asLong()).isEqualTo(5);
		assertThat(inside() + reserves()).isLessThanOrEqualTo(10);
	}

	@Test
	void anEndedLeaseGivesItsPlacesBack() {
		String a = TestData.kiosk();
		String b = TestData.kiosk();
		assertThat(grant(a, 1).body().get("limit").asLong()).isEqualTo(10);
		assertThat(grant(b, 1).body().get("limit").asLong()).isZero();
		this.jdbc.update("UPDATE reconciler.allowances SET lease_until = now() - interval '1 second'"
				+ " WHERE event_id = ? AND kiosk_id = ?", this.event, a);
		assertThat(grant(b, 1).body().get("limit").asLong()).isEqualTo(10);
		// a's limit is gone with its lease: it starts again from its flushed net
		assertThat(grant(a, 1).body().get("limit").asLong()).isZero();
	}

	@Test
	void kiosksAskingAtOnceNeverHoldMoreThanTheCapacity() throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(8);
		List<Callable<Long>> asks = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			String kiosk = TestData.kiosk();
			asks.add(() -> grant(kiosk, 16).body().get("limit").asLong());
		}
		long held = 0;
		for (Future<Long> ask : pool.invokeAll(asks)) {
			held += ask.get();
		}
		pool.shutdown();
		assertThat(held).isEqualTo(10);
		assertThat(reserves()).isEqualTo(10);
	}

	@Test
	void anAreaWithoutCapacityNeedsNoAllowanceAndBadQuestionsAreProblems() {
		this.http.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
				TestPolicy.policy().area("hall", "ANY").build());
		JsonNode unlimited = grant("k-1", 1).body();
		assertThat(unlimited.get("areaId").asString()).isEqualTo("hall");
		assertThat(unlimited.has("limit")).isFalse();
		assertThat(unlimited.has("capacity")).isFalse();
		assertThat(this.http
			.postJson("/internal/v1/events/" + this.event + "/areas/cellar/allowances", internal(),
					Map.of("kioskId", "k-1", "sharing", 1))
			.status()).isEqualTo(404);
		assertThat(this.http.postJson(path(), internal(), Map.of("kioskId", "k-1", "sharing", 0)).status())
			.isEqualTo(422);
		assertThat(this.http.postJson(path(), internal(), Map.of("sharing", 1)).status()).isEqualTo(422);
		assertThat(this.http.postJson(path(), admin(), Map.of("kioskId", "k-1", "sharing", 1)).status()).isIn(401, 403);
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.allowances WHERE event_id = ?", Long.class,
				this.event))
			.isZero();
	}

	private HttpTestClient.Response grant(String kiosk, int sharing) {
		return this.http.postJson(path(), internal(), Map.of("kioskId", kiosk, "sharing", sharing));
	}

	private String path() {
		return "/internal/v1/events/" + this.event + "/areas/hall/allowances";
	}

	private long inside() {
		return this.jdbc.queryForObject("""
				SELECT count(*) FROM (SELECT DISTINCT ON (attendee_id) attendee_id, type FROM reconciler.movements
				  WHERE event_id = ? AND area_id = 'hall' AND type IN ('CHECK_IN', 'EXIT')
				  ORDER BY attendee_id, captured_at DESC) s WHERE type = 'CHECK_IN'""", Long.class, this.event);
	}

	// every live allowance's places beyond its kiosk's flushed net
	private long reserves() {
		return this.jdbc.queryForObject(
				"""
						SELECT coalesce(sum(greatest(0, l.net_limit - coalesce((SELECT sum(CASE WHEN m.type = 'EXIT' THEN -1 ELSE 1 END)
						  FROM reconciler.movements m WHERE m.event_id = l.event_id AND m.area_id = l.area_id
						    AND m.kiosk_id = l.kiosk_id AND m.type IN ('CHECK_IN', 'EXIT')), 0))), 0)
						FROM reconciler.allowances l WHERE l.event_id = ? AND l.lease_until > now()""",
				Long.class, this.event);
	}

}
