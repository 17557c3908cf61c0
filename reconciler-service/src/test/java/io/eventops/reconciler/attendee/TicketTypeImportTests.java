package io.eventops.reconciler.attendee;

import java.util.List;
import java.util.Map;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Attendees' ticket types (#35): imported as JSON or CSV, checked against the event's
 * policy, the policy's first type when absent.
 */
@ReconcilerTest
class TicketTypeImportTests {

	@LocalServerPort
	private int port;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	@Test
	void aTicketTypeIsImportedAsJsonOrCsvAndAbsentIsThePolicysFirst() {
		savePolicy();
		String a = TestData.unique("att");
		String b = TestData.unique("att");
		String c = TestData.unique("att");
		assertThat(this.http
			.postJson(attendees(), admin(),
					List.of(Map.of("attendeeId", a, "displayName", "Ada", "ticketType", "day1")))
			.status()).isEqualTo(200);
		assertThat(this.http
			.post(attendees(), admin(), "text/csv",
					"attendeeId,displayName,company,tier,email,ticketType\n" + b + ",Grace,,,,workshop\n" + c
							+ ",Edsger,,,,\n")
			.status()).isEqualTo(200);
		assertThat(ticketType(a)).isEqualTo("day1");
		assertThat(ticketType(b)).isEqualTo("workshop");
		assertThat(ticketType(c)).isEqualTo("full");
	}

	@Test
	void withAPolicyAnUnknownTicketTypeIsA422NamingTheRowAndChangesNothing() {
		savePolicy();
		String good = TestData.unique("att");
		HttpTestClient.Response json = this.http.postJson(attendees(), admin(),
				List.of(Map.of("attendeeId", good, "displayName", "Ada", "ticketType", "full"),
						Map.of("attendeeId", TestData.unique("att"), "displayName", "Bob", "ticketType", "vip")));
		assertThat(json.status()).isEqualTo(422);
		assertThat(json.body().get("errors").get(0).get("field").asString()).isEqualTo("[1].ticketType");
		HttpTestClient.Response csv = this.http.post(attendees(), admin(), "text/csv",
				"attendeeId,displayName,ticketType\n" + good + ",Ada,platinum\n");
		assertThat(csv.status()).isEqualTo(422);
		assertThat(csv.body().get("errors").get(0).get("field").asString()).isEqualTo("[0].ticketType");
		assertThat(this.http.get("/admin/v1/attendees/" + good, ops()).status()).isEqualTo(404);
	}

	@Test
	void withoutAPolicyTheTicketTypeIsKeptAndNotShownUntilOne() {
		String a = TestData.unique("att");
		assertThat(this.http
			.postJson(attendees(), admin(), List.of(Map.of("attendeeId", a, "displayName", "Ada", "ticketType", "vip")))
			.status()).isEqualTo(200);
		assertThat(ticketType(a)).isEqualTo("vip");
		String b = TestData.unique("att");
		this.http.postJson(attendees(), admin(), List.of(Map.of("attendeeId", b, "displayName", "Bob")));
		assertThat(this.http.get("/admin/v1/attendees/" + b, ops()).body().has("ticketType")).isFalse();
	}

	private void savePolicy() {
		assertThat(this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "ONCE").build())
			.status()).isEqualTo(200);
	}

	private String ticketType(String attendee) {
		return this.http.get("/admin/v1/attendees/" + attendee, ops()).body().get("ticketType").asString();
	}

	private String attendees() {
		return "/admin/v1/events/" + this.event + "/attendees";
	}

}
