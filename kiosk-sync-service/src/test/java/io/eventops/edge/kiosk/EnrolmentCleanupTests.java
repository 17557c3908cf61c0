package io.eventops.edge.kiosk;

import java.time.Duration;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.model.express.ExpressCodeText;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The cleanup of enrolment codes (issue #37) against the real database: codes used or
 * expired more than a day ago are deleted, younger and unused ones stay; the scheduled
 * run takes its ShedLock lock in PostgreSQL.
 */
@EdgeTest
class EnrolmentCleanupTests {

	@LocalServerPort
	int port;

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	EnrolmentCleanup cleanup;

	@Test
	void codesUsedOrExpiredMoreThanADayAgoAreDeletedAndTheOthersStay() {
		EdgeClient edge = new EdgeClient(this.port);
		String event = TestData.unique("ev");
		String usedLongAgo = issue(edge, event);
		assertThat(Enrol.redeem(edge, usedLongAgo).status()).isEqualTo(201);
		String usedNow = issue(edge, event);
		assertThat(Enrol.redeem(edge, usedNow).status()).isEqualTo(201);
		String expiredLongAgo = issue(edge, event);
		String expiredNow = issue(edge, event);
		String valid = issue(edge, event);
		this.jdbc.update("UPDATE edge.enrolments SET used_at = now() - interval '25 hours' WHERE code_hash = ?",
				hash(usedLongAgo));
		this.jdbc.update("UPDATE edge.enrolments SET expires_at = now() - interval '25 hours' WHERE code_hash = ?",
				hash(expiredLongAgo));
		this.jdbc.update("UPDATE edge.enrolments SET expires_at = now() - interval '1 hour' WHERE code_hash = ?",
				hash(expiredNow));

		this.cleanup.deleteStale();

		assertThat(
				this.jdbc.queryForList("SELECT code_hash FROM edge.enrolments WHERE event_id = ?", String.class, event))
			.containsExactlyInAnyOrder(hash(usedNow), hash(expiredNow), hash(valid));
		// a code deleted is unknown now; one used today still says so
		assertThat(Enrol.redeem(edge, usedLongAgo).status()).isEqualTo(404);
		assertThat(Enrol.redeem(edge, usedNow).status()).isEqualTo(410);
		assertThat(this.cleanup.deleteStale()).isZero();
	}

	@Test
	void theScheduledRunTakesTheLockInPostgres() {
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(this.jdbc
				.queryForObject("SELECT count(*) FROM edge.shedlock WHERE name = 'edge.enrolment-cleanup'", Long.class))
				.isEqualTo(1));
	}

	private static String issue(EdgeClient edge, String event) {
		return Enrol.code(edge, Enrol.request(event));
	}

	private static String hash(String code) {
		return Tokens.hash(ExpressCodeText.canonicalOrNull(code));
	}

}
