package io.eventops.reconciler;

import java.util.List;
import java.util.Map;

import io.eventops.model.flush.Outcome;
import io.eventops.reconciler.checkin.BatchReconciler;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

@ReconcilerTest
class AdminApiTests {

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	private String kiosk;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.kiosk = TestData.kiosk();
	}

	@Test
	void importingJsonThenCsvIsAnUpsert() {
		String a = TestData.unique("att");
		String b = TestData.unique("att");
		String c = TestData.unique("att");
		HttpTestClient.Response first = this.http.postJson(attendeesPath(), admin(),
				List.of(Map.of("attendeeId", a, "displayName", "Ada L.", "company", "ACME"),
						Map.of("attendeeId", b, "displayName", "Grace H.")));
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.body().get("created").asInt()).isEqualTo(2);
		HttpTestClient.Response second = this.http.post(attendeesPath(), admin(), "text/csv",
				"attendeeId,displayName,company,tier,email\n" + b + ",\"Hopper, Grace\",Navy,VIP,grace@example.org\n"
						+ c + ",Edsger D.,,,\n");
		assertThat(second.status()).isEqualTo(200);
		assertThat(second.body().get("created").asInt()).isEqualTo(1);
		assertThat(second.body().get("updated").asInt()).isEqualTo(1);
		JsonNode grace = this.http.get("/admin/v1/attendees/" + b, ops()).body();
		assertThat(grace.get("displayName").asString()).isEqualTo("Hopper, Grace");
		assertThat(grace.get("tier").asString()).isEqualTo("VIP");
		assertThat(grace.get("checkedIn").asBoolean()).isFalse();
	}

	@Test
	void anInvalidImportNamesTheFieldAndChangesNothing() {
		String good = TestData.unique("att");
		HttpTestClient.Response response = this.http.postJson(attendeesPath(), admin(), List
			.of(Map.of("attendeeId", good, "displayName", "Ada"), Map.of("attendeeId", "bad id!", "displayName", "X")));
		assertThat(response.status()).isEqualTo(422);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.body().get("errors").get(0).get("field").asString()).isEqualTo("[1].attendeeId");
		assertThat(this.http.get("/admin/v1/attendees/" + good, ops()).status()).isEqualTo(404);
	}

	@Test
	void rolesAndCredentialsAreEnforcedWithProblems() {
		HttpTestClient.Response anonymous = this.http.get("/admin/v1/rejections", null);
		assertThat(anonymous.status()).isEqualTo(401);
		assertThat(anonymous.contentType()).startsWith("application/problem+json");
		HttpTestClient.Response wrongPassword = this.http.get("/admin/v1/rejections",
				HttpTestClient.basic("ops", "nope"));
		assertThat(wrongPassword.status()).isEqualTo(401);
		HttpTestClient.Response opsImport = this.http.postJson(attendeesPath(), ops(), List.of());
		assertThat(opsImport.status()).isEqualTo(403);
		assertThat(opsImport.body().get("type").asString()).endsWith("/forbidden");
		assertThat(this.http.get("/admin/v1/rejections", admin()).status()).isEqualTo(200);
		assertThat(this.http.postJson("/internal/v1/reconcile", admin(), Map.of()).status()).isEqualTo(403);
		assertThat(this.http.postJson("/internal/v1/reconcile", "Bearer wrong-token-wrong-token", Map.of()).status())
			.isEqualTo(401);
	}

	@Test
	void theInternalEndpointReconcilesWithTheToken() {
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		HttpTestClient.Response response = this.http.postJson("/internal/v1/reconcile", HttpTestClient.internal(),
				TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee)));
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body().get("results").get(0).get("outcome").asString()).isEqualTo("APPLIED");
		HttpTestClient.Response malformed = this.http.post("/internal/v1/reconcile", HttpTestClient.internal(),
				"application/json", "{not json");
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.body().toString()).doesNotContain("Exception");
	}

	@Test
	void aDeskCorrectionSurvivesALaterFlushedKioskWrite() {
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		this.reconciler.reconcile(TestData.request(this.kiosk, this.event,
				TestData.entry(this.kiosk, 5, attendee).displayName("Ada typed")));
		HttpTestClient.Response corrected = this.http.postJson("/admin/v1/attendees/" + attendee + "/corrections",
				ops(), Map.of("displayName", "Ada Lovelace", "reason", "typo at kiosk"));
		assertThat(corrected.status()).isEqualTo(200);
		assertThat(corrected.body().get("winningRecord").get("origin").asString()).isEqualTo("DESK");
		Outcome late = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event,
					TestData.entry(this.kiosk, 999, attendee).displayName("Ada again")))
			.results()
			.get(0)
			.outcome();
		assertThat(late).isEqualTo(Outcome.STALE);
		JsonNode detail = this.http.get("/admin/v1/attendees/" + attendee, ops()).body();
		assertThat(detail.get("displayName").asString()).isEqualTo("Ada Lovelace");
		assertThat(detail.get("winningRecord").get("origin").asString()).isEqualTo("DESK");
		assertThat(detail.get("badgeJobs")).hasSize(1);
		assertThat(detail.get("history")).hasSize(3);
	}

	// a kiosk may be named "desk" (a badge desk's kiosk): its keys {kioskId}:{seq} and
	// the
	// desk's corrections share the guard, so they must never spell the same key
	// (invariants 1 and 3)
	@Test
	void aKioskNamedDeskIsNeverTakenForTheDesksCorrections() {
		List<String> attendees = TestData.attendees(this.jdbc, this.event, 3);
		assertThat(this.http
			.postJson("/admin/v1/attendees/" + attendees.get(0) + "/corrections", ops(),
					Map.of("company", "Initech", "reason", "new employer"))
			.status()).isEqualTo(200);
		long corrected = this.jdbc.queryForObject("SELECT last_value FROM reconciler.desk_seq", Long.class);
		Outcome afterTheCorrection = this.reconciler
			.reconcile(TestData.request("desk", this.event, TestData.entry("desk", corrected, attendees.get(1))))
			.results()
			.get(0)
			.outcome();
		assertThat(afterTheCorrection).isEqualTo(Outcome.APPLIED);

		// and the other way round: the kiosk's key first, then the correction the desk's
		// sequence numbers next
		Outcome beforeTheCorrection = this.reconciler
			.reconcile(TestData.request("desk", this.event, TestData.entry("desk", corrected + 1, attendees.get(2))))
			.results()
			.get(0)
			.outcome();
		assertThat(beforeTheCorrection).isEqualTo(Outcome.APPLIED);
		HttpTestClient.Response next = this.http.postJson("/admin/v1/attendees/" + attendees.get(0) + "/corrections",
				ops(), Map.of("company", "Initrode", "reason", "newer employer"));
		assertThat(next.status()).isEqualTo(200);
		assertThat(this.jdbc.queryForObject("SELECT last_value FROM reconciler.desk_seq", Long.class))
			.isEqualTo(corrected + 1);
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ANY(?) AND source_id = 'desk'",
				Integer.class, (Object) attendees.toArray(new String[0])))
			.isEqualTo(3);
	}

	@Test
	void anUnknownAttendeeIsAppliedByARedriveAfterTheImport() {
		String attendee = TestData.unique("att");
		Outcome first = this.reconciler
			.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee)))
			.results()
			.get(0)
			.outcome();
		assertThat(first).isEqualTo(Outcome.REJECTED);
		JsonNode rejections = this.http.get("/admin/v1/rejections?kioskId=" + this.kiosk, ops()).body();
		assertThat(rejections).hasSize(1);
		assertThat(rejections.get(0).get("reason").asString()).isEqualTo("UNKNOWN_ATTENDEE");
		assertThat(rejections.get(0).get("entry").get("attendeeId").asString()).isEqualTo(attendee);
		HttpTestClient.Response stillUnknown = this.http.post(
				"/admin/v1/rejections/" + rejections.get(0).get("id").asLong() + "/redrive", ops(), "application/json",
				"");
		assertThat(stillUnknown.body().get("outcome").asString()).isEqualTo("REJECTED");
		assertThat(stillUnknown.body().get("reason").asString()).isEqualTo("UNKNOWN_ATTENDEE");
		this.http.postJson(attendeesPath(), admin(), List.of(Map.of("attendeeId", attendee, "displayName", "Late")));

		HttpTestClient.Response redriven = this.http.post(
				"/admin/v1/rejections/" + rejections.get(0).get("id").asLong() + "/redrive", ops(), "application/json",
				"");
		assertThat(redriven.status()).isEqualTo(200);
		assertThat(redriven.body().get("outcome").asString()).isEqualTo("APPLIED");
		assertThat(redriven.body().get("badgeJobId")).isNotNull();
		JsonNode again = this.http
			.post("/admin/v1/rejections/" + rejections.get(0).get("id").asLong() + "/redrive", ops(),
					"application/json", "")
			.body();
		assertThat(again.get("outcome").asString()).isEqualTo("DUPLICATE");
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("checkedIn").asInt()).isEqualTo(1);
		assertThat(headcount.get("badgeJobs").asInt()).isEqualTo(1);
	}

	@Test
	void aReprintIssuesANewCredentialAndCountsAsAReprint() {
		String attendee = TestData.attendees(this.jdbc, this.event, 1).get(0);
		assertThat(this.http.postJson("/admin/v1/attendees/" + attendee + "/reprint", ops(), Map.of("reason", "lost"))
			.status()).isEqualTo(409);
		this.reconciler.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee)));
		HttpTestClient.Response reprint = this.http.postJson("/admin/v1/attendees/" + attendee + "/reprint", ops(),
				Map.of("reason", "badge lost"));
		assertThat(reprint.status()).isEqualTo(202);
		assertThat(reprint.body().get("credentialVersion").asInt()).isEqualTo(2);
		JsonNode headcount = this.http.get("/admin/v1/events/" + this.event + "/headcount", ops()).body();
		assertThat(headcount.get("checkedIn").asInt()).isEqualTo(1);
		assertThat(headcount.get("badgeJobs").asInt()).isEqualTo(2);
		assertThat(headcount.get("reprints").asInt()).isEqualTo(1);
		assertThat(this.http.get("/admin/v1/events/no-such-event/headcount", ops()).status()).isEqualTo(404);
	}

	@Test
	void metricsAndHealthAreServedOnTheManagementPortOnly() {
		assertThat(this.http.get("/actuator/prometheus", null).status()).isIn(401, 403, 404);
		assertThat(this.http.get("/actuator/prometheus", ops()).status()).isIn(401, 403, 404);
		HttpTestClient management = new HttpTestClient(this.managementPort);
		assertThat(management.text("/actuator/prometheus")).contains("eventops_reconcile_");
		assertThat(management.get("/actuator/health/readiness", null).status()).isEqualTo(200);
	}

	@Test
	void theHeadcountIsPublishedAsGauges() {
		String attendee = TestData.attendees(this.jdbc, this.event, 2).get(0);
		this.reconciler.reconcile(TestData.request(this.kiosk, this.event, TestData.entry(this.kiosk, 1, attendee)));
		String checkedIn = "eventops_reconcile_headcount{eventId=\"" + this.event + "\",kind=\"checked_in\"";
		org.awaitility.Awaitility.await().untilAsserted(() -> {
			// metrics are served on the management port only (contract)
			String scrape = new HttpTestClient(this.managementPort).text("/actuator/prometheus");
			assertThat(scrape).containsPattern(java.util.regex.Pattern.quote(checkedIn) + "[^}]*} 1\\.0")
				.containsPattern(
						java.util.regex.Pattern.quote(checkedIn.replace("checked_in", "registered")) + "[^}]*} 2\\.0")
				// Spring Security's per-filter observations are off: nothing reads them
				.doesNotContain("spring_security_");
		});
	}

	private String attendeesPath() {
		return "/admin/v1/events/" + this.event + "/attendees";
	}

}
