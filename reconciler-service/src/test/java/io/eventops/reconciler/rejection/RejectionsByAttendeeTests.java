package io.eventops.reconciler.rejection;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.eventops.model.flush.Outcome;
import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.checkin.BatchReconciler;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A person's quarantined entries (#41): the rejection listing filtered by attendee, alone
 * or with kiosk and reason, and the re-drive of one of them.
 */
@ReconcilerTest
class RejectionsByAttendeeTests {

	@LocalServerPort
	private int port;

	@Autowired
	private BatchReconciler reconciler;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		assertThat(this.http.postJson("/admin/v1/events/" + this.event + "/attendees", admin(), List.of()).status())
			.isEqualTo(200);
	}

	@Test
	void theListingNamesOnlyThePersonsEntriesAndOneIsReDrivenFromIt() {
		String late = TestData.unique("att");
		String other = TestData.unique("att");
		String kioskA = TestData.kiosk();
		String kioskB = TestData.kiosk();
		assertThat(reconcile(kioskA, 1, late)).isEqualTo(Outcome.REJECTED);
		assertThat(reconcile(kioskB, 1, late)).isEqualTo(Outcome.REJECTED);
		assertThat(reconcile(kioskA, 2, other)).isEqualTo(Outcome.REJECTED);

		assertThat(keys("?attendeeId=" + late)).containsExactly(kioskA + ":1", kioskB + ":1");
		assertThat(keys("?attendeeId=" + other)).containsExactly(kioskA + ":2");
		assertThat(keys("?attendeeId=" + late + "&kioskId=" + kioskB)).containsExactly(kioskB + ":1");
		assertThat(keys("?attendeeId=" + late + "&reason=KEY_REUSE_MISMATCH")).isEmpty();
		assertThat(keys("?attendeeId=" + late + "&reason=UNKNOWN_ATTENDEE")).hasSize(2);
		assertThat(keys("?attendeeId=nobody-" + late)).isEmpty();

		this.http.postJson("/admin/v1/events/" + this.event + "/attendees", admin(),
				List.of(Map.of("attendeeId", late, "displayName", "Late Registration")));
		long id = this.http.get("/admin/v1/rejections?attendeeId=" + late + "&kioskId=" + kioskA, ops())
			.body()
			.get(0)
			.get("id")
			.asLong();
		JsonNode redriven = this.http.post("/admin/v1/rejections/" + id + "/redrive", ops(), "application/json", "")
			.body();
		assertThat(redriven.get("outcome").asString()).isEqualTo("APPLIED");
		JsonNode listed = this.http.get("/admin/v1/rejections?attendeeId=" + late + "&kioskId=" + kioskA, ops())
			.body()
			.get(0);
		assertThat(listed.get("redriveOutcome").asString()).isEqualTo("APPLIED");
	}

	private Outcome reconcile(String kiosk, long seq, String attendee) {
		return this.reconciler.reconcile(TestData.request(kiosk, this.event, TestData.entry(kiosk, seq, attendee)))
			.results()
			.get(0)
			.outcome();
	}

	private List<String> keys(String query) {
		HttpTestClient.Response response = this.http.get("/admin/v1/rejections" + query, ops());
		assertThat(response.status()).isEqualTo(200);
		List<String> keys = new ArrayList<>();
		response.body().forEach((rejection) -> keys.add(rejection.get("idempotencyKey").asString()));
		return keys;
	}

}
