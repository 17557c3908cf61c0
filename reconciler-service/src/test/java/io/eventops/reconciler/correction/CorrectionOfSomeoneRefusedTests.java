package io.eventops.reconciler.correction;

import java.time.OffsetDateTime;
import java.util.Map;

import io.eventops.model.flush.Outcome;
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
 * What a desk correction of someone only refused at a door does (decided for #41,
 * docs/access-control.md): the contract's correction is the desk's winning record (origin
 * DESK, invariant 4), so it checks them in at the desk with exactly one badge job
 * (invariant 7); it records no movement, so no door judged it. The help-desk console says
 * so before it sends one.
 */
@ReconcilerTest
class CorrectionOfSomeoneRefusedTests {

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
	void aCorrectionOfSomeoneOnlyRefusedAtADoorChecksThemInAtTheDeskWithOneBadge() {
		long version = this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "ANY").build())
			.body()
			.get("version")
			.asLong();
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		String kiosk = TestData.kiosk();
		assertThat(this.reconciler.reconcile(TestData.request(kiosk, this.event,
				TestData.entry(kiosk, 1, attendee).capturedAt(THU).refusedAt("hall", version, "TICKET_NOT_VALID_HERE")))
			.results()
			.get(0)
			.outcome()).isEqualTo(Outcome.APPLIED);
		assertThat(person(attendee).get("checkedIn").asBoolean()).isFalse();
		assertThat(badgeJobs(attendee)).isZero();

		HttpTestClient.Response corrected = this.http.postJson("/admin/v1/attendees/" + attendee + "/corrections",
				ops(), Map.of("displayName", "Katherine G. Johnson", "reason", "name misspelt at import"));
		HttpTestClient.Response again = this.http.postJson("/admin/v1/attendees/" + attendee + "/corrections", ops(),
				Map.of("company", "NASA", "reason", "employer"));

		assertThat(corrected.status()).isEqualTo(200);
		assertThat(again.status()).isEqualTo(200);
		JsonNode after = person(attendee);
		assertThat(after.get("checkedIn").asBoolean()).isTrue();
		assertThat(after.get("winningRecord").get("origin").asString()).isEqualTo("DESK");
		assertThat(after.get("displayName").asString()).isEqualTo("Katherine G. Johnson");
		assertThat(badgeJobs(attendee)).as("one badge, however many corrections (invariant 7)").isEqualTo(1);
		assertThat(
				this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body().get("checkedIn").asLong())
			.isEqualTo(1);
		// no door judged it: the only movement is the refusal
		assertThat(this.jdbc.queryForList("SELECT type FROM reconciler.movements WHERE attendee_id = ?", String.class,
				attendee))
			.containsExactly("REFUSED");
	}

	private JsonNode person(String attendee) {
		return this.http.get("/admin/v1/attendees/" + attendee, ops()).body();
	}

	private long badgeJobs(String attendee) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE attendee_id = ?", Long.class,
				attendee);
	}

}
