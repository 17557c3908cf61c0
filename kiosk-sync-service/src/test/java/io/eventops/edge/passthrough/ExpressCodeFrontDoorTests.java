package io.eventops.edge.passthrough;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.RawHttpsRequest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Express-code redemption through the edge over HTTPS, with the real reconciler and
 * PostgreSQL: codes read as typed, express-code problems for what cannot be a code, and
 * the resumption of an attempt whose pod died after its check-ins committed.
 */
@EdgeTest
class ExpressCodeFrontDoorTests {

	@LocalServerPort
	private int port;

	private final JdbcTemplate jdbc = EdgeStack.jdbc();

	private EdgeClient edge;

	private EdgeClient.Kiosk kiosk;

	@BeforeEach
	void setUp() {
		this.edge = new EdgeClient(this.port);
		this.kiosk = this.edge.newKiosk(TestData.unique("evt"));
	}

	@Test
	void aCodeTypedInLowerCaseWithGroupsAndLookalikeLettersRedeemsTheCode() {
		List<String> group = TestData.attendees(this.jdbc, this.kiosk.event(), 2);
		String code = ExpressCodes.issue(this.jdbc, this.kiosk.event(), group);
		EdgeClient.Response redeemed = redeem(ExpressCodes.sloppy(code), "typed-1");
		assertThat(redeemed.status()).isEqualTo(200);
		assertThat(redeemed.json().get("code").asString()).isEqualTo(code);
		assertThat(redeemed.json().get("result").get("checkedIn")).hasSize(2);
	}

	@Test
	void whatCannotBeACodeGetsAnExpressCodeProblemAndRedeemsNothing() {
		for (String typed : List.of("ABCDEFGHJU", "ABC", "ABCDEFGHJKMN", "ABCD_EFGHJ", "ABCDEFGHJ%C3%BC")) {
			EdgeClient.Response refused = redeem(typed, "bad-1");
			assertThat(refused.status()).as(typed).isEqualTo(400);
			assertThat(refused.isProblem()).as(typed).isTrue();
			assertThat(refused.json().get("type").asString()).as(typed).endsWith("malformed-express-code");
			assertThat(refused.json().get("detail").asString()).as(typed).contains("express code");
		}
		String code = ExpressCodes.issue(this.jdbc, this.kiosk.event(),
				TestData.attendees(this.jdbc, this.kiosk.event(), 1));
		EdgeClient.Response notJson = this.edge.post(ExpressCodes.redeemPath(this.kiosk.id(), code),
				EdgeClient.bearer(this.kiosk.token()), "application/json", "{not json");
		assertThat(notJson.status()).isEqualTo(400);
		assertThat(notJson.json().get("type").asString()).endsWith("malformed-redemption");
		assertThat(this.jdbc.queryForObject("SELECT client_submission_id FROM reconciler.express_codes WHERE code = ?",
				String.class, code))
			.isNull();
	}

	@Test
	void aRedemptionBodyOverItsCapIsRefusedAndRedeemsNothing() {
		String code = ExpressCodes.issue(this.jdbc, this.kiosk.event(),
				TestData.attendees(this.jdbc, this.kiosk.event(), 1));
		String path = ExpressCodes.redeemPath(this.kiosk.id(), code);
		// a chunked body (no length to refuse it by) is refused once it is over the cap
		String large = "{\"clientSubmissionId\":\"" + "x".repeat(20_000) + "\"}";
		try (RawHttpsRequest chunked = RawHttpsRequest.open(this.port, "POST", path,
				Map.of("Authorization", EdgeClient.bearer(this.kiosk.token()), "Content-Type", "application/json",
						"Transfer-Encoding", "chunked"))) {
			chunked.send((Integer.toHexString(large.length()) + "\r\n" + large + "\r\n0\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			RawHttpsRequest.Answer refused = chunked.answer(Duration.ofSeconds(20));
			assertThat(refused.status()).isEqualTo(413);
			assertThat(refused.body()).contains("too-large").contains("16384");
		}
		// a declared length over the cap is refused before a byte of the body is read
		try (RawHttpsRequest declared = RawHttpsRequest.open(this.port, "POST", path,
				Map.of("Authorization", EdgeClient.bearer(this.kiosk.token()), "Content-Type", "application/json",
						"Content-Length", Integer.toString(2 * 1024 * 1024)))) {
			RawHttpsRequest.Answer refused = declared.answer(Duration.ofSeconds(20));
			assertThat(refused.status()).isEqualTo(413);
			assertThat(refused.body()).contains("too-large");
		}
		assertThat(this.jdbc.queryForObject(
				"SELECT client_submission_id IS NULL AND used_at IS NULL FROM reconciler.express_codes WHERE code = ?",
				Boolean.class, code))
			.isTrue();
	}

	@Test
	void aRetryAfterThePodDiedBetweenCommitAndStoringTheResultGetsTheResult() {
		List<String> group = TestData.attendees(this.jdbc, this.kiosk.event(), 3);
		String code = ExpressCodes.issue(this.jdbc, this.kiosk.event(), group);
		EdgeClient.Response first = redeem(code, "attempt-1");
		assertThat(first.status()).isEqualTo(200);
		// the state a pod leaves that died after the check-ins committed: lease held, no
		// result
		this.jdbc.update("""
				UPDATE reconciler.express_codes SET used_at = NULL, result = NULL, claim_token = 'claim:dead-pod',
				  claim_expires_at = now() + interval '2 minutes' WHERE code = ?""", code);

		EdgeClient.Response resumed = redeem(ExpressCodes.sloppy(code), "attempt-1");
		assertThat(resumed.status()).isEqualTo(200);
		assertThat(resumed.json().get("result")).isEqualTo(first.json().get("result"));
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.rejections WHERE kiosk_id LIKE 'xc:%'" + " AND idempotency_key LIKE ?",
				Long.class, "xc:" + code + ":%"))
			.isZero();
		assertThat(this.jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ANY(?)",
				Long.class, (Object) group.toArray(new String[0])))
			.isEqualTo(3);
	}

	private EdgeClient.Response redeem(String typedCode, String submission) {
		return this.edge.post(ExpressCodes.redeemPath(this.kiosk.id(), typedCode),
				EdgeClient.bearer(this.kiosk.token()), "application/json",
				"{\"clientSubmissionId\":\"" + submission + "\"}");
	}

}
