package io.eventops.reconciler.attendee;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
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
 * Find a person (#41): by a part of the name, company or e-mail whatever the accents and
 * the case, by attendee id or express code; bounded; bad queries are problems; an erased
 * attendee is not found by their old name (#38).
 */
@ReconcilerTest
class AttendeeSearchTests {

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	private String zoe;

	private String jurgen;

	private String other;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		this.zoe = TestData.unique("att");
		this.jurgen = TestData.unique("att");
		this.other = TestData.unique("att");
		importAttendees(this.event,
				List.of(attendee(this.zoe, "Zoë Ångström", "Société Générale", "zoe@example.org"),
						attendee(this.jurgen, "Jürgen Weiß", "Müller GmbH", "JW@Example.org"),
						attendee(this.other, "Grace Hopper", "Navy", null)));
	}

	@Test
	void aNameCompanyOrEmailIsFoundWhateverTheAccentsAndTheCase() {
		assertThat(ids("zoe")).containsExactly(this.zoe);
		assertThat(ids("ANGSTROM")).containsExactly(this.zoe);
		assertThat(ids("  angström ")).containsExactly(this.zoe);
		assertThat(ids("societe gen")).containsExactly(this.zoe);
		assertThat(ids("JÜRGEN")).containsExactly(this.jurgen);
		assertThat(ids("muller")).containsExactly(this.jurgen);
		assertThat(ids("jw@example")).containsExactly(this.jurgen);
		assertThat(ids("example.org")).containsExactly(this.jurgen, this.zoe);
		assertThat(ids("nobody")).isEmpty();
		JsonNode found = search("hopper", ops()).body();
		assertThat(found.get("query").asString()).isEqualTo("hopper");
		assertThat(found.get("more").asBoolean()).isFalse();
		JsonNode grace = found.get("attendees").get(0);
		assertThat(grace.get("displayName").asString()).isEqualTo("Grace Hopper");
		assertThat(grace.get("company").asString()).isEqualTo("Navy");
		assertThat(grace.get("checkedIn").asBoolean()).isFalse();
		assertThat(grace.get("erased").asBoolean()).isFalse();
	}

	@Test
	void anotherEventsAttendeesAreNotFound() {
		String elsewhere = TestData.unique("evt");
		importAttendees(elsewhere, List.of(attendee(TestData.unique("att"), "Zoe Other", null, null)));
		assertThat(ids("zoe")).containsExactly(this.zoe);
	}

	@Test
	void anAttendeeIdOrAnExpressCodeFindsItsAttendeesFirst() {
		assertThat(ids(this.other)).containsExactly(this.other);
		HttpTestClient.Response code = this.http.postJson("/admin/v1/events/" + this.event + "/express-codes", admin(),
				Map.of("attendeeIds", List.of(this.zoe, this.jurgen)));
		assertThat(code.status()).isEqualTo(201);
		String issued = code.body().get("code").asString();
		assertThat(ids(issued)).containsExactlyInAnyOrder(this.zoe, this.jurgen);
		assertThat(ids(issued.toLowerCase(Locale.ROOT))).containsExactlyInAnyOrder(this.zoe, this.jurgen);
	}

	@Test
	void aKioskOverrideAndADeskCorrectionAreFoundAsTheNameOnTheBadge() {
		String kiosk = TestData.unique("kiosk");
		this.reconciler.reconcile(
				TestData.request(kiosk, this.event, TestData.entry(kiosk, 1, this.other).displayName("Amazing Gräce")));
		assertThat(ids("amazing grace")).containsExactly(this.other);
		assertThat(search("amazing", ops()).body().get("attendees").get(0).get("checkedIn").asBoolean()).isTrue();
		assertThat(this.http
			.postJson("/admin/v1/attendees/" + this.jurgen + "/corrections", ops(),
					Map.of("company", "Çelik Çay", "reason", "new employer"))
			.status()).isEqualTo(200);
		assertThat(ids("celik cay")).containsExactly(this.jurgen);
		assertThat(search("celik", ops()).body().get("attendees").get(0).get("company").asString())
			.isEqualTo("Çelik Çay");
	}

	@Test
	void anErasedAttendeeIsNotFoundByTheOldNameButStillByTheId() {
		String kiosk = TestData.unique("kiosk");
		this.reconciler.reconcile(
				TestData.request(kiosk, this.event, TestData.entry(kiosk, 1, this.zoe).displayName("Zoë on a badge")));
		assertThat(this.http
			.postJson("/admin/v1/attendees/" + this.zoe + "/erase", admin(), Map.of("reason", "subject request"))
			.status()).isEqualTo(200);
		assertThat(ids("zoe")).isEmpty();
		assertThat(ids("angstrom")).isEmpty();
		assertThat(ids("societe")).isEmpty();
		assertThat(ids("zoe@example")).isEmpty();
		JsonNode byId = search(this.zoe, ops()).body().get("attendees");
		assertThat(byId).hasSize(1);
		assertThat(byId.get(0).get("erased").asBoolean()).isTrue();
		assertThat(byId.get(0).get("displayName").asString()).isEmpty();
		assertThat(this.jdbc.queryForObject(
				"SELECT a.search_text || coalesce(c.search_text, '') FROM reconciler.attendees a "
						+ "LEFT JOIN reconciler.check_ins c USING (attendee_id) WHERE a.attendee_id = ?",
				String.class, this.zoe))
			.doesNotContain("zo");
	}

	@Test
	void theListIsBoundedAndSaysThereIsMore() {
		List<Map<String, Object>> many = new ArrayList<>();
		for (int i = 0; i < 30; i++) {
			many.add(attendee(TestData.unique("att"), String.format("Müller %02d", i), null, null));
		}
		importAttendees(this.event, many);
		JsonNode page = this.http.get(path("muller") + "&limit=5", ops()).body();
		assertThat(page.get("attendees")).hasSize(5);
		assertThat(page.get("more").asBoolean()).isTrue();
		// by name: Jürgen Weiß of Müller GmbH first
		assertThat(page.get("attendees").get(0).get("attendeeId").asString()).isEqualTo(this.jurgen);
		assertThat(page.get("attendees").get(1).get("displayName").asString()).isEqualTo("Müller 00");
		JsonNode defaults = search("muller", ops()).body();
		assertThat(defaults.get("attendees")).hasSize(AttendeeSearch.DEFAULT_LIMIT);
		assertThat(defaults.get("more").asBoolean()).isTrue();
		JsonNode all = this.http.get(path("muller") + "&limit=50", ops()).body();
		assertThat(all.get("attendees")).hasSize(31);
		assertThat(all.get("more").asBoolean()).isFalse();
	}

	@Test
	void aPatternCharacterIsSearchedForItself() {
		assertThat(ids("%%")).isEmpty();
		assertThat(ids("__")).isEmpty();
		assertThat(ids("o%r")).isEmpty();
	}

	@Test
	void aTooShortOrTooLongQueryOrABadLimitIsA422AndAnUnknownEventA404() {
		for (String bad : List.of(path("a"), path("  z "), "/admin/v1/events/" + this.event + "/attendees",
				path("x".repeat(101)), path("zoe") + "&limit=0", path("zoe") + "&limit=51")) {
			HttpTestClient.Response response = this.http.get(bad, ops());
			assertThat(response.status()).as(bad).isEqualTo(422);
			assertThat(response.contentType()).startsWith("application/problem+json");
			assertThat(response.body().get("type").asString()).endsWith("/invalid-query");
		}
		assertThat(this.http.get(path("x".repeat(100)), ops()).status()).isEqualTo(200);
		HttpTestClient.Response unknown = this.http.get("/admin/v1/events/nope-" + this.event + "/attendees?q=zoe",
				ops());
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.contentType()).startsWith("application/problem+json");
		assertThat(this.http.get(path("zoe"), null).status()).isEqualTo(401);
	}

	// The SQL normalisation is the one Java's Normalizer gives: the console, a script or
	// a
	// test normalising in Java finds the same rows.
	@Test
	void theStoredKeyIsJavasNfdWithoutMarksInLowerCase() {
		for (String name : List.of("Zoë Ångström", "JÜRGEN Weiß", "Çelik İpek", "Łukasz Żółć", "Ďurďovič Ňuňo",
				"Élodie Noël-Brontë", "Ελένη Παπαδοπούλου", "Ёлка Йошкар", "Nguyễn Thị Ánh")) {
			String java = Normalizer.normalize(name, Normalizer.Form.NFD)
				.replaceAll("\\p{M}", "")
				.toLowerCase(Locale.ROOT);
			assertThat(this.jdbc.queryForObject("SELECT reconciler.search_key(?)", String.class, name)).as(name)
				.isEqualTo(java);
		}
	}

	private List<String> ids(String query) {
		HttpTestClient.Response response = search(query, ops());
		assertThat(response.status()).as(response.body().toString()).isEqualTo(200);
		List<String> ids = new ArrayList<>();
		response.body().get("attendees").forEach((match) -> ids.add(match.get("attendeeId").asString()));
		return ids;
	}

	private HttpTestClient.Response search(String query, String authorization) {
		return this.http.get(path(query), authorization);
	}

	private String path(String query) {
		return "/admin/v1/events/" + this.event + "/attendees?q="
				+ java.net.URLEncoder.encode(query, java.nio.charset.StandardCharsets.UTF_8);
	}

	private void importAttendees(String eventId, List<Map<String, Object>> rows) {
		HttpTestClient.Response imported = this.http.postJson("/admin/v1/events/" + eventId + "/attendees", admin(),
				rows);
		assertThat(imported.status()).as(imported.body().toString()).isEqualTo(200);
	}

	private static Map<String, Object> attendee(String id, String name, String company, String email) {
		Map<String, Object> row = new HashMap<>();
		row.put("attendeeId", id);
		row.put("displayName", name);
		if (company != null) {
			row.put("company", company);
		}
		if (email != null) {
			row.put("email", email);
		}
		return row;
	}

}
