package io.eventops.console;

import java.util.List;
import java.util.Map;

import io.eventops.model.flush.Outcome;
import io.eventops.testsupport.CommonTestData;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Value;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's API in front of a real reconciler: the service's answers and problems
 * reach the page as the service gave them, with the logged-in user's own role.
 */
@ConsoleTest
class ConsoleProxyTests {

	private static final String PROBLEMS = "https://eventops.dev/problems/";

	@Value("${local.server.port}")
	int port;

	private ConsoleSession as(String user) {
		ConsoleSession browser = new ConsoleSession(this.port);
		String password = user.equals("admin") ? CommonTestData.ADMIN_PASSWORD : CommonTestData.OPS_PASSWORD;
		assertThat(browser.login(user, password).status()).isEqualTo(204);
		return browser;
	}

	private static String newAttendee(String eventId) {
		return CommonTestData.attendees(ReconcilerBeside.jdbc(), eventId, 1).get(0);
	}

	@Test
	void findsAPersonAsTheReconcilerKnowsThem() {
		String attendee = newAttendee(CommonTestData.unique("ev"));

		ConsoleSession.Response found = as("ops").get("/api/attendees/" + attendee);

		assertThat(found.status()).isEqualTo(200);
		assertThat(found.json().get("attendeeId").asString()).isEqualTo(attendee);
		assertThat(found.json().get("displayName").asString()).isEqualTo("Name " + attendee);
		assertThat(found.json().get("checkedIn").asBoolean()).isFalse();
	}

	@Test
	void findsAPersonByAPartOfTheNameWhateverTheAccentsAndTheCharacters() {
		String event = CommonTestData.unique("ev");
		String attendee = newAttendee(event);
		ConsoleSession ops = as("ops");
		assertThat(ops
			.post("/api/attendees/" + attendee + "/corrections",
					Map.of("displayName", "Zoë Müller", "company", "Müller & Söhne+Co", "reason", "as on the ID"))
			.status()).isEqualTo(200);

		for (String query : List.of("ZOE MULLER", "söhne+co", "muller & s")) {
			ConsoleSession.Response found = ops.get("/api/events/" + event + "/attendees?q="
					+ java.net.URLEncoder.encode(query, java.nio.charset.StandardCharsets.UTF_8) + "&limit=5");
			assertThat(found.status()).as(query).isEqualTo(200);
			assertThat(found.json().get("attendees")).as(query).hasSize(1);
			assertThat(found.json().get("attendees").get(0).get("attendeeId").asString()).isEqualTo(attendee);
			assertThat(found.json().get("query").asString()).isEqualTo(query);
		}
		ConsoleSession.Response tooShort = ops.get("/api/events/" + event + "/attendees?q=z");
		assertThat(tooShort.status()).isEqualTo(422);
		assertThat(tooShort.problemType()).isEqualTo(PROBLEMS + "invalid-query");
	}

	@Test
	void aPersonsQuarantinedEntryIsListedAndReDrivenOnceTheyAreRegistered() {
		String event = CommonTestData.unique("ev");
		newAttendee(event);
		String late = CommonTestData.unique("late");
		String kiosk = CommonTestData.kiosk();
		assertThat(ReconcilerBeside.checkIn(kiosk, event, 1, late)).isEqualTo(Outcome.REJECTED);
		assertThat(ReconcilerBeside.checkIn(kiosk, event, 2, newAttendee(event))).isEqualTo(Outcome.APPLIED);
		ConsoleSession ops = as("ops");

		ConsoleSession.Response listed = ops.get("/api/rejections?attendeeId=" + late);
		assertThat(listed.status()).isEqualTo(200);
		assertThat(listed.json()).hasSize(1);
		assertThat(listed.json().get(0).get("reason").asString()).isEqualTo("UNKNOWN_ATTENDEE");
		ReconcilerBeside.jdbc()
			.update("INSERT INTO reconciler.attendees (attendee_id, event_id, display_name) VALUES (?, ?, ?)", late,
					event, "Late Registration");
		ConsoleSession.Response redriven = ops
			.post("/api/rejections/" + listed.json().get(0).get("id").asLong() + "/redrive", Map.of());

		assertThat(redriven.status()).isEqualTo(200);
		assertThat(redriven.json().get("outcome").asString()).isEqualTo("APPLIED");
		assertThat(ops.get("/api/attendees/" + late).json().get("checkedIn").asBoolean()).isTrue();
	}

	@Test
	void anUnknownPersonIsTheReconcilersNotFoundProblem() {
		ConsoleSession.Response missing = as("ops").get("/api/attendees/nobody-" + CommonTestData.unique("x"));

		assertThat(missing.status()).isEqualTo(404);
		assertThat(missing.contentType()).startsWith("application/problem+json");
		assertThat(missing.problemType()).isEqualTo(PROBLEMS + "not-found");
	}

	@Test
	void aCorrectionReachesTheReconcilerAndTheNextLookupShowsIt() {
		String attendee = newAttendee(CommonTestData.unique("ev"));
		ConsoleSession ops = as("ops");

		ConsoleSession.Response corrected = ops.post("/api/attendees/" + attendee + "/corrections",
				Map.of("displayName", "Zoë Müller", "company", "Ångström AB", "reason", "name misspelt at import"));

		assertThat(corrected.status()).isEqualTo(200);
		ConsoleSession.Response after = ops.get("/api/attendees/" + attendee);
		assertThat(after.json().get("displayName").asString()).isEqualTo("Zoë Müller");
		assertThat(after.json().get("company").asString()).isEqualTo("Ångström AB");
	}

	@Test
	void aCorrectionWithoutAReasonIsTheReconcilersValidationProblemAndChangesNothing() {
		String attendee = newAttendee(CommonTestData.unique("ev"));
		ConsoleSession ops = as("ops");

		ConsoleSession.Response refused = ops.post("/api/attendees/" + attendee + "/corrections",
				Map.of("displayName", "Someone Else"));

		assertThat(refused.status()).isEqualTo(422);
		assertThat(refused.problemType()).isEqualTo(PROBLEMS + "validation");
		assertThat(refused.json().get("errors").toString()).contains("reason");
		assertThat(ops.get("/api/attendees/" + attendee).json().get("displayName").asString())
			.isEqualTo("Name " + attendee);
	}

	@Test
	void aReprintOfSomeoneNotCheckedInIsTheReconcilersConflict() {
		String attendee = newAttendee(CommonTestData.unique("ev"));

		ConsoleSession.Response refused = as("ops").post("/api/attendees/" + attendee + "/reprint",
				Map.of("reason", "badge torn"));

		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.problemType()).isEqualTo(PROBLEMS + "not-checked-in");
	}

	@Test
	void theReconcilerRefusesAnOpsUsersAdminActionThatItGrantsAnAdmin() {
		String event = CommonTestData.unique("ev");
		String attendee = newAttendee(event);
		Map<String, Object> code = Map.of("attendeeIds", List.of(attendee));

		// the console lets any logged-in user through: the refusal is the reconciler's
		ConsoleSession.Response byOps = as("ops").post("/api/events/" + event + "/express-codes", code);
		ConsoleSession.Response byAdmin = as("admin").post("/api/events/" + event + "/express-codes", code);

		assertThat(byOps.status()).isEqualTo(403);
		assertThat(byOps.problemType()).isEqualTo(PROBLEMS + "forbidden");
		assertThat(byAdmin.status()).isEqualTo(201);
		assertThat(byAdmin.json().get("code").asString()).isNotBlank();
		assertThat(byAdmin.json().get("attendeeIds").get(0).asString()).isEqualTo(attendee);
	}

	@Test
	void aServiceThatIsDownIsABadGatewayProblem() {
		ConsoleSession.Response down = as("ops").get("/api/printers");

		assertThat(down.status()).isEqualTo(502);
		assertThat(down.problemType()).isEqualTo(PROBLEMS + "upstream-unavailable");
	}

}
