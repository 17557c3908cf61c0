package io.eventops.orchestrator.ledger;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import org.junit.jupiter.api.Test;

import static io.eventops.orchestrator.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The internal badge-status read the edge asks for a kiosk: the internal token only, one
 * event's newest job of an attendee as the ledger (or the outbox) has it.
 */
@OrchestratorTest
class BadgeStatusReadTests extends PrintFloorTest {

	// the token every @OrchestratorTest context has: this class shares their context
	static final String TOKEN = TestData.INTERNAL_TOKEN;

	@Test
	void answersTheNewestJobOfTheEventWithTheInternalTokenOnly() {
		BadgeJob job = TestData.badgeJobs(this.jdbc, TestData.unique("pool"), 1).get(0);
		String event = this.jdbc.queryForObject("SELECT event_id FROM reconciler.badge_jobs WHERE job_id = ?",
				String.class, job.jobId());
		String path = "/internal/v1/events/" + event + "/attendees/" + job.attendeeId() + "/badge";
		assertThat(this.floor.http().get(path, null).status()).isEqualTo(401);
		assertThat(this.floor.http().get(path, "Bearer wrong-token-wrong-token").status()).isEqualTo(401);
		assertThat(this.floor.http().get(path, ops()).status()).isEqualTo(403);

		var pending = this.floor.http().get(path, "Bearer " + TOKEN);
		assertThat(pending.status()).isEqualTo(200);
		assertThat(pending.body().get("jobId").asString()).isEqualTo(job.jobId().toString());
		assertThat(pending.body().get("state").asString()).isIn("PENDING", "QUEUED");
		assertThat(pending.body().get("possibleDuplicate").asBoolean()).isFalse();

		var otherEvent = this.floor.http()
			.get("/internal/v1/events/another-event/attendees/" + job.attendeeId() + "/badge", "Bearer " + TOKEN);
		assertThat(otherEvent.status()).isEqualTo(404);
		assertThat(otherEvent.body().get("type").asString()).endsWith("/no-badge-job");
		var malformed = this.floor.http()
			.get("/internal/v1/events/" + event + "/attendees/a%20b/badge", "Bearer " + TOKEN);
		assertThat(malformed.status()).isEqualTo(422);
	}

}
