package io.eventops.reconciler.privacy;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.eventops.model.flush.FlushEntry;
import io.eventops.model.reconcile.ReconcileEntry;
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
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Erasure (#38) on real PostgreSQL: canary names, companies, e-mails and free text go
 * through every flow of the reconciler (import, a kiosk's check-in with an override, a
 * desk correction, a reprint, an annulment, quarantine), and a search of every text and
 * JSON column of every table finds them before the erasure and nowhere after it, while
 * the head-count and the per-area counts stay. The reconciler keeps only idempotency keys
 * in Redis, no personal data.
 */
@ReconcilerTest
class ErasureTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	private String canary;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.canary = ("cnry" + TestData.unique("x")).replace("-", "").toLowerCase(Locale.ROOT);
	}

	@Test
	void anErasedAttendeeLeavesNoCanaryInAnyColumnAndTheCountsStay() {
		long version = savePolicy();
		String erased = TestData.unique("att").replace('-', '_');
		String kept = TestData.unique("att").replace('-', '_');
		importAttendees(person(erased, this.canary), person(kept, "keptperson" + this.canary.substring(4)));
		String kiosk = TestData.kiosk();
		batch(kiosk,
				overridden(TestData.entry(kiosk, 1, erased).capturedAt(THU).admittedAt("hall", version),
						this.canary + " Kiosk"),
				TestData.entry(kiosk, 2, kept).capturedAt(THU).admittedAt("hall", version));
		assertThat(
				this.http
					.postJson("/admin/v1/attendees/" + erased + "/corrections", ops(),
							Map.of("displayName", this.canary + " Desk", "company", this.canary + " Desk GmbH",
									"reason", "misspelt, said " + this.canary))
					.status())
			.isEqualTo(200);
		assertThat(this.http
			.postJson("/admin/v1/attendees/" + erased + "/reprint", ops(), Map.of("reason", "torn, " + this.canary))
			.status()).isEqualTo(202);
		batch(kiosk, TestData.entry(kiosk, 3, erased).capturedAt(THU.plusMinutes(5)).admittedAt("lounge", version));
		assertThat(this.http
			.postJson("/admin/v1/attendees/" + erased + "/annul", ops(),
					Map.of("idempotencyKey", TestData.unique("req"), "reason", "asked by " + this.canary))
			.status()).isEqualTo(200);
		// quarantined: an annulment of nothing, with the name in the raw entry
		batch(kiosk, overridden(TestData.entry(kiosk, 4, erased).capturedAt(THU.plusMinutes(6)).annuls("ghost:1"),
				this.canary + " Quarantined"));
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.rejections WHERE entry ->> 'attendeeId' = ? AND entry::text ILIKE ?",
				Long.class, erased, "%" + this.canary + "%"))
			.isEqualTo(1);

		Map<String, Long> before = CanarySearch.hits(this.jdbc, this.canary);
		assertThat(before).containsKeys("reconciler.attendees.display_name", "reconciler.attendees.company",
				"reconciler.attendees.email", "reconciler.check_ins.kiosk_display_name",
				"reconciler.check_ins.desk_display_name", "reconciler.check_ins.desk_company",
				"reconciler.badge_jobs.reprint_reason", "reconciler.desk_annulments.reason",
				"reconciler.rejections.entry", "reconciler.change_log.attendee");
		JsonNode headcount = headcount();
		JsonNode areas = areas();
		long seqBefore = streamSeq();
		List<String> jobs = this.jdbc.queryForList(
				"SELECT job_id::text FROM reconciler.badge_jobs WHERE attendee_id = ? ORDER BY job_id", String.class,
				erased);
		assertThat(jobs).isNotEmpty();

		HttpTestClient.Response erasure = erase("/admin/v1/attendees/" + erased + "/erase", "subject request 17");
		assertThat(erasure.status()).as(erasure.body().toString()).isEqualTo(200);
		assertThat(erasure.body().get("erased").asBoolean()).isTrue();
		assertThat(erasure.body().get("counts").get("attendees").asInt()).isEqualTo(1);
		assertThat(erasure.body().get("counts").get("checkIns").asInt()).isEqualTo(1);
		assertThat(erasure.body().get("counts").get("rejections").asInt()).isEqualTo(1);

		// a kiosk that still held the name sends it after the erasure
		batch(kiosk,
				overridden(TestData.entry(kiosk, 5, erased).capturedAt(THU.plusMinutes(7)).admittedAt("hall", version),
						this.canary + " Late"));
		batch(kiosk, overridden(TestData.entry(kiosk, 6, erased).capturedAt(THU.plusMinutes(8)).annuls("ghost:2"),
				this.canary + " Late Quarantined"));

		assertThat(CanarySearch.columns(this.jdbc)).isGreaterThan(20);
		assertThat(CanarySearch.hits(this.jdbc, this.canary)).isEmpty();
		assertThat(CanarySearch.hits(this.jdbc, "keptperson" + this.canary.substring(4)))
			.as("the other attendee is untouched")
			.containsKey("reconciler.attendees.display_name");
		assertThat(headcount()).isEqualTo(headcount);
		assertThat(areas().get("areas").get(0).get("admissions"))
			.isEqualTo(areas.get("areas").get(0).get("admissions"));
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.movements WHERE attendee_id = ?",
				Long.class, erased))
			.as("ids, times, areas and outcomes stay")
			.isGreaterThanOrEqualTo(4);

		// kiosks learn of it and see no personal data
		JsonNode changes = this.http
			.get("/internal/v1/events/" + this.event + "/changes?after=" + seqBefore, internal())
			.body()
			.get("changes");
		List<String> kinds = new ArrayList<>();
		changes.forEach((change) -> kinds.add(change.get("kind").asString()));
		assertThat(kinds).startsWith("ERASED");
		JsonNode state = changes.get(0).get("attendee");
		assertThat(state.get("attendeeId").asString()).isEqualTo(erased);
		assertThat(state.get("displayName").asString()).isEmpty();
		assertThat(state.get("company")).isNull();
		assertThat(state.get("email")).isNull();
		JsonNode snapshot = this.http.get("/internal/v1/events/" + this.event + "/snapshot", internal()).body();
		assertThat(snapshot.toString()).doesNotContainIgnoringCase(this.canary).contains(erased);

		// the badge jobs are withdrawn as an annulled admission's; no reprint
		assertThat(this.jdbc.queryForList("SELECT reconciler.annulled_badge_jobs(CAST(? AS uuid[]))::text",
				String.class, "{" + String.join(",", jobs) + "}"))
			.containsExactlyInAnyOrderElementsOf(jobs);
		HttpTestClient.Response reprint = this.http.postJson("/admin/v1/attendees/" + erased + "/reprint", ops(),
				Map.of("reason", "again"));
		assertThat(reprint.status()).isEqualTo(409);
		assertThat(reprint.contentType()).startsWith("application/problem+json");
		assertThat(reprint.body().get("type").asString()).endsWith("/attendee-erased");

		// again: nothing changes, and the answer says so
		long seqAfter = streamSeq();
		HttpTestClient.Response again = erase("/admin/v1/attendees/" + erased + "/erase", "subject request 17");
		assertThat(again.status()).isEqualTo(200);
		assertThat(again.body().get("erased").asBoolean()).isFalse();
		assertThat(again.body().get("erasedAt")).isEqualTo(erasure.body().get("erasedAt"));
		assertThat(streamSeq()).isEqualTo(seqAfter);
		List<Map<String, Object>> audit = this.jdbc.queryForList(
				"SELECT scope, reason, erased_by, attendees FROM reconciler.erasures WHERE attendee_id = ?", erased);
		assertThat(audit).containsExactly(
				Map.of("scope", "ATTENDEE", "reason", "subject request 17", "erased_by", "admin", "attendees", 1));
		// the feed the print orchestrator empties its badge text by (V25): ids and scope
		assertThat(this.jdbc.queryForList(
				"SELECT scope, event_id, attendee_id FROM reconciler.erasure_feed() WHERE attendee_id = ?", erased))
			.containsExactly(Map.of("scope", "ATTENDEE", "event_id", this.event, "attendee_id", erased));

		// a new import brings the attendee back, and its badge can be reprinted again
		importAttendees(person(erased, "reimported" + this.canary.substring(4)));
		assertThat(this.http.postJson("/admin/v1/attendees/" + erased + "/reprint", ops(), Map.of("reason", "again"))
			.status()).isEqualTo(202);
	}

	@Test
	void anEventsErasureTakesEveryAttendeeAndItsQuarantineOnce() {
		savePolicy();
		List<String> people = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			people.add(TestData.unique("att").replace('-', '_'));
		}
		importAttendees(person(people.get(0), this.canary + "a"), person(people.get(1), this.canary + "b"),
				person(people.get(2), this.canary + "c"));
		String kiosk = TestData.kiosk();
		batch(kiosk, overridden(TestData.entry(kiosk, 1, people.get(0)).capturedAt(THU), this.canary + " K"),
				TestData.entry(kiosk, 2, people.get(1)).capturedAt(THU),
				// quarantined: nobody the registry knows
				overridden(TestData.entry(kiosk, 3, TestData.unique("nobody")).capturedAt(THU), this.canary + " X"));
		assertThat(CanarySearch.hits(this.jdbc, this.canary)).containsKeys("reconciler.rejections.entry",
				"reconciler.check_ins.kiosk_display_name", "reconciler.attendees.email");
		JsonNode headcount = headcount();

		HttpTestClient.Response erasure = erase("/admin/v1/events/" + this.event + "/erase", "retention by hand");
		assertThat(erasure.status()).as(erasure.body().toString()).isEqualTo(200);
		assertThat(erasure.body().get("erased").asBoolean()).isTrue();
		assertThat(erasure.body().get("counts").get("attendees").asInt()).isEqualTo(3);
		// a kiosk that still held a name sends a later winning check-in with it
		batch(kiosk, overridden(TestData.entry(kiosk, 4, people.get(1)).capturedAt(THU.plusMinutes(1)),
				this.canary + " Late"));
		assertThat(this.jdbc.queryForObject("SELECT seq FROM reconciler.check_ins WHERE attendee_id = ?", Long.class,
				people.get(1)))
			.as("the late check-in is the winning record")
			.isEqualTo(4);

		assertThat(CanarySearch.hits(this.jdbc, this.canary)).isEmpty();
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.rejections WHERE event_id = ? AND entry -> 'badgeOverrides' IS NOT NULL",
				Long.class, this.event))
			.isZero();
		assertThat(headcount()).isEqualTo(headcount);
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.change_log WHERE event_id = ? AND kind = 'ERASED'", Long.class,
				this.event))
			.isEqualTo(3);

		HttpTestClient.Response again = erase("/admin/v1/events/" + this.event + "/erase", "retention by hand");
		assertThat(again.body().get("erased").asBoolean()).isFalse();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.erasures WHERE event_id = ?", Long.class,
				this.event))
			.isEqualTo(1);
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.change_log WHERE event_id = ? AND kind = 'ERASED'", Long.class,
				this.event))
			.isEqualTo(3);
	}

	@Test
	void anErasureWithoutAReasonOrByOpsOrOfNothingIsAProblemThatChangesNothing() {
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String path = "/admin/v1/attendees/" + attendee + "/erase";
		for (HttpTestClient.Response bad : List.of(this.http.postJson(path, admin(), Map.of()),
				this.http.postJson(path, admin(), Map.of("reason", " ")),
				this.http.postJson(path, admin(), Map.of("reason", "r".repeat(501))),
				this.http.postJson("/admin/v1/events/" + this.event + "/erase", admin(), Map.of()))) {
			assertThat(bad.status()).as(bad.body().toString()).isEqualTo(422);
			assertThat(bad.contentType()).startsWith("application/problem+json");
			assertThat(bad.body().get("type").asString()).endsWith("/validation");
		}
		assertThat(this.http.postJson(path, ops(), Map.of("reason", "x")).status()).isEqualTo(403);
		assertThat(this.http.postJson(path, null, Map.of("reason", "x")).status()).isEqualTo(401);
		HttpTestClient.Response unknown = erase("/admin/v1/attendees/nobody-" + this.canary + "/erase", "x");
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.contentType()).startsWith("application/problem+json");
		assertThat(erase("/admin/v1/events/no-" + this.canary + "/erase", "x").status()).isEqualTo(404);
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.attendees WHERE attendee_id = ? AND erased_at IS NULL AND display_name <> ''",
				Long.class, attendee))
			.isEqualTo(1);
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.erasures WHERE event_id = ?", Long.class,
				this.event))
			.isZero();
	}

	private Map<String, Object> person(String attendeeId, String name) {
		return Map.of("attendeeId", attendeeId, "displayName", name + " Person", "company", name + " Corp", "email",
				name + "@example.org", "ticketType", "full");
	}

	@SafeVarargs
	private void importAttendees(Map<String, Object>... people) {
		HttpTestClient.Response response = this.http.postJson("/admin/v1/events/" + this.event + "/attendees", admin(),
				List.of(people));
		assertThat(response.status()).as(response.body().toString()).isBetween(200, 201);
	}

	// the entry as a kiosk sends it with a badge override, in the raw JSON as well
	private static ReconcileEntry overridden(TestData.Entry builder, String name) {
		ReconcileEntry plain = builder.displayName(name).build();
		FlushEntry entry = plain.entry();
		String raw = plain.rawEntry().substring(0, plain.rawEntry().length() - 1)
				+ ",\"badgeOverrides\":{\"displayName\":\"" + name + "\"}}";
		return ReconcileEntry.valid(entry, raw, List.of());
	}

	private void batch(String kiosk, Object... entries) {
		List<ReconcileEntry> built = new ArrayList<>();
		for (Object entry : entries) {
			built.add((entry instanceof TestData.Entry e) ? e.build() : (ReconcileEntry) entry);
		}
		this.reconciler.reconcile(TestData.request(kiosk, this.event, built));
	}

	private HttpTestClient.Response erase(String path, String reason) {
		return this.http.postJson(path, admin(), Map.of("reason", reason));
	}

	private JsonNode headcount() {
		return this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
	}

	private JsonNode areas() {
		return this.http.get("/admin/v1/events/" + this.event + "/areas", ops()).body();
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
