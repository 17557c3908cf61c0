package io.eventops.reconciler.express;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.internal;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An express code's check-ins name no area, so under a policy they count at its badge
 * area; with a capacity there they take places the kiosks' escrowed allowances do not
 * hold (#36, invariant 14), against real PostgreSQL. Found in review: they went past the
 * escrow and could take an area whose places the allowances held over its capacity.
 */
@ReconcilerTest
class ExpressCodeCapacityTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
		// the hall prints badges and holds 3
		assertThat(this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "ANY", Map.of("capacity", 3)).badgeAt("hall").build())
			.status()).isEqualTo(200);
	}

	@Test
	void aCodeWhoseCheckInsTheFreePlacesDoNotCoverIsRefusedAndChangesNothing() {
		// two kiosks share the hall: the first holds 2 of its 3 places
		assertThat(grant(TestData.kiosk()).get("places").asLong()).isEqualTo(2);
		List<String> pair = TestData.attendees(this.jdbc, this.event, 2);
		String code = createCode(pair);
		HttpTestClient.Response refused = redeem(code, "attempt-1");
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.contentType()).startsWith("application/problem+json");
		assertThat(refused.body().get("type").asString()).endsWith("area-full");
		assertThat(checkIns(pair)).isZero();
		assertThat(holds(code)).as("nothing held for a refused code").isZero();
		// the code is not spent: one place is free, and one person fits
		List<String> one = TestData.attendees(this.jdbc, this.event, 1);
		assertThat(redeem(createCode(one), "attempt-2").status()).isEqualTo(200);
		assertThat(checkIns(one)).isOne();
		assertThat(holds(code)).isZero();
		// the one inside and the kiosk's 2 fill the hall: the next kiosk gets nothing
		assertThat(grant(TestData.kiosk()).get("places").asLong()).isZero();
		// and the pair's code still is what it was: refused again, not used up
		assertThat(redeem(code, "attempt-3").status()).isEqualTo(409);
		assertThat(this.jdbc.queryForObject("SELECT used_at IS NULL FROM reconciler.express_codes WHERE code = ?",
				Boolean.class, code))
			.isTrue();
	}

	@Test
	void aCodeTheFreePlacesCoverChecksEveryoneInAndHoldsNoPlaceAfterwards() {
		List<String> trio = TestData.attendees(this.jdbc, this.event, 3);
		String code = createCode(trio);
		assertThat(redeem(code, "attempt-1").status()).isEqualTo(200);
		assertThat(checkIns(trio)).isEqualTo(3);
		assertThat(holds(code)).as("the hold is let go once the check-ins are written").isZero();
		// the three are inside: a kiosk gets no place
		assertThat(grant(TestData.kiosk()).get("places").asLong()).isZero();
		// the same attempt again gets its stored result, though the hall is full
		assertThat(redeem(code, "attempt-1").status()).isEqualTo(200);
	}

	private tools.jackson.databind.JsonNode grant(String kiosk) {
		Map<String, Object> body = new HashMap<>(Map.of("kioskId", kiosk, "sharing", 2, "base", 0));
		HttpTestClient.Response granted = this.http
			.postJson("/internal/v1/events/" + this.event + "/areas/hall/allowances", internal(), body);
		assertThat(granted.status()).isEqualTo(200);
		return granted.body();
	}

	private String createCode(List<String> attendees) {
		HttpTestClient.Response created = this.http.postJson("/admin/v1/events/" + this.event + "/express-codes",
				admin(), Map.of("attendeeIds", attendees));
		assertThat(created.status()).isEqualTo(201);
		return created.body().get("code").asString();
	}

	private HttpTestClient.Response redeem(String code, String submission) {
		return this.http.postJson("/internal/v1/express-codes/" + code + "/redeem", internal(), Map.of("kioskId",
				"kiosk-01", "eventId", this.event, "printerPool", "default", "clientSubmissionId", submission));
	}

	private int checkIns(List<String> attendees) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ANY(?)",
				Integer.class, (Object) attendees.toArray(new String[0]));
	}

	private int holds(String code) {
		return this.jdbc.queryForObject("SELECT count(*) FROM reconciler.allowances WHERE kiosk_id = ?", Integer.class,
				ExpressCodes.sourceOf(code));
	}

}
