package io.eventops.reconciler.correction;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import io.eventops.model.flush.EntryResult;
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
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /admin/v1/attendees/{attendeeId}/annul} (#36) over HTTP against PostgreSQL:
 * ops annul the attendee's current admission through the entry path (invariant 1), the
 * same request again answers the same and changes nothing, and a request that cannot be
 * served is a problem that changes nothing.
 */
@ReconcilerTest
class AnnulEndpointTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	@Test
	void opsAnnulTheLatestStandingAdmissionOncePerIdempotencyKey() {
		long version = savePolicy();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, attendee).capturedAt(THU.plusMinutes(5)).admittedAt("lounge", version));
		long streamBefore = streamSeq();
		String req = TestData.unique("req");

		HttpTestClient.Response first = annul(attendee, req + "-1", "gate did not open");
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.body().get("annulledKey").asString()).isEqualTo(kiosk + ":2");
		assertThat(first.body().get("annulmentKey").asString()).startsWith("desk:annul:");
		assertThat(first.body().get("idempotencyKey").asString()).isEqualTo(req + "-1");
		// the admission at the hall still stands
		assertThat(checkedIn()).isEqualTo(1);
		assertThat(streamSeq()).as("the kiosk caches learn of the annulment").isGreaterThan(streamBefore);
		String guard = this.jdbc.queryForObject(
				"SELECT outcome FROM reconciler.processed_entries WHERE idempotency_key = ?", String.class,
				first.body().get("annulmentKey").asString());
		assertThat(guard).isEqualTo("APPLIED");

		HttpTestClient.Response again = annul(attendee, req + "-1", "gate did not open");
		assertThat(again.status()).isEqualTo(200);
		assertThat(again.body()).isEqualTo(first.body());
		assertThat(annulments(attendee)).isEqualTo(1);

		JsonNode detail = this.http.get("/admin/v1/attendees/" + attendee, ops()).body();
		assertThat(detail.toString()).contains("\"annulledBy\":\"" + first.body().get("annulmentKey").asString());
		assertThat(detail.findValues("annulledBy")).hasSize(1);

		HttpTestClient.Response second = annul(attendee, req + "-2", "not them either");
		assertThat(second.body().get("annulledKey").asString()).isEqualTo(kiosk + ":1");
		assertThat(checkedIn()).isZero();

		HttpTestClient.Response nothing = annul(attendee, req + "-3", "once more");
		assertThat(nothing.status()).isEqualTo(409);
		assertThat(nothing.contentType()).startsWith("application/problem+json");
		assertThat(nothing.body().get("type").asString()).endsWith("/nothing-to-annul");
		assertThat(annulments(attendee)).isEqualTo(2);
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.desk_annulments WHERE request_key = ?",
				Long.class, req + "-3"))
			.isZero();
		// a kiosk's later admission counts the attendee in again, and the key that found
		// nothing to annul annuls it now
		batch(kiosk, TestData.entry(kiosk, 3, attendee).capturedAt(THU.plusMinutes(9)).admittedAt("hall", version));
		assertThat(checkedIn()).isEqualTo(1);
		assertThat(annul(attendee, req + "-3", "once more").body().get("annulledKey").asString())
			.isEqualTo(kiosk + ":3");
		assertThat(checkedIn()).isZero();
	}

	@Test
	void anIdempotencyKeyUsedForAnotherAnnulmentIsAConflictThatChangesNothing() {
		long version = savePolicy();
		List<String> people = TestData.attendees(this.jdbc, this.event, 2);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, people.get(1)).capturedAt(THU).admittedAt("hall", version));
		String key = TestData.unique("req");
		assertThat(annul(people.get(0), key, "not them").status()).isEqualTo(200);

		HttpTestClient.Response otherAttendee = annul(people.get(1), key, "not them");
		HttpTestClient.Response otherReason = annul(people.get(0), key, "another reason");
		for (HttpTestClient.Response reused : List.of(otherAttendee, otherReason)) {
			assertThat(reused.status()).isEqualTo(409);
			assertThat(reused.body().get("type").asString()).endsWith("/idempotency-key-reused");
		}
		assertThat(annulments(people.get(1))).isZero();
		assertThat(checkedIn()).isEqualTo(1);
	}

	@Test
	void anUnknownAttendeeOrABadRequestIsAProblemThatChangesNothing() {
		long version = savePolicy();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU).admittedAt("hall", version));

		HttpTestClient.Response unknown = annul("nobody-" + TestData.unique("x"), "req-1", "typo");
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.contentType()).startsWith("application/problem+json");
		String path = "/admin/v1/attendees/" + attendee + "/annul";
		List<HttpTestClient.Response> bad = List.of(this.http.postJson(path, ops(), Map.of("idempotencyKey", "req-1")),
				this.http.postJson(path, ops(), Map.of("idempotencyKey", "req-1", "reason", " ")),
				this.http.postJson(path, ops(), Map.of("reason", "no key")),
				this.http.postJson(path, ops(), Map.of("idempotencyKey", "has space", "reason", "x")),
				this.http.postJson(path, ops(), Map.of("idempotencyKey", "k".repeat(101), "reason", "x")),
				this.http.postJson(path, ops(), Map.of("idempotencyKey", "req-1", "reason", "r".repeat(501))));
		for (HttpTestClient.Response response : bad) {
			assertThat(response.status()).as(response.body().toString()).isEqualTo(422);
			assertThat(response.body().get("type").asString()).endsWith("/validation");
		}
		HttpTestClient.Response malformed = this.http.post(path, ops(), "application/json", "{\"idempotencyKey\":");
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.contentType()).startsWith("application/problem+json");
		assertThat(this.http.post(path, null, "application/json", "{}").status()).isEqualTo(401);
		assertThat(annulments(attendee)).isZero();
		assertThat(checkedIn()).isEqualTo(1);
	}

	// an event without a policy keeps no admissions to undo (the batch path quarantines
	// a kiosk's annulment there, ANNUL_WITHOUT_POLICY)
	@Test
	void withoutAPolicyThereIsNothingToAnnul() {
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		batch(kiosk, TestData.entry(kiosk, 1, attendee).capturedAt(THU));
		HttpTestClient.Response response = annul(attendee, TestData.unique("req"), "not them");
		assertThat(response.status()).isEqualTo(409);
		assertThat(response.body().get("type").asString()).endsWith("/nothing-to-annul");
		assertThat(checkedIn()).isEqualTo(1);
	}

	private HttpTestClient.Response annul(String attendee, String key, String reason) {
		return this.http.postJson("/admin/v1/attendees/" + attendee + "/annul", ops(),
				Map.of("idempotencyKey", key, "reason", reason));
	}

	private List<EntryResult> batch(String kiosk, TestData.Entry... entries) {
		return this.reconciler.reconcile(TestData.request(kiosk, this.event, entries)).results();
	}

	private long checkedIn() {
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		return headcount.get("checkedIn").asLong();
	}

	private long annulments(String attendee) {
		return this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.movements WHERE attendee_id = ? AND type = 'ANNUL'", Long.class,
				attendee);
	}

	private long streamSeq() {
		return this.jdbc.queryForObject(
				"SELECT coalesce(max(stream_seq), 0) FROM reconciler.change_log WHERE event_id = ?", Long.class,
				this.event);
	}

	private long savePolicy() {
		return this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "ANY").area("lounge", "ANY").build())
			.body()
			.get("version")
			.asLong();
	}

}
