package io.eventops.orchestrator.relay;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;

import static io.eventops.orchestrator.PrintFloor.eventually;

/**
 * The reconciler wakes the relay after a badge job's transaction committed, in a
 * statement of its own (#39), and that wake can be lost (the reconciler stops between the
 * commit and the wake, its wake connection fails). The relay's poll still takes the job:
 * a committed badge job is printed whether or not a wake came (invariant 7).
 */
@OrchestratorTest
class LostWakeTests extends PrintFloorTest {

	@Test
	void aBadgeJobWhoseWakeWasLostIsPrintedByTheRelaysPoll() {
		String pool = TestData.unique("nowake");
		VirtualPrinter printer = this.floor.start("quiet", Duration.ofMillis(20));
		this.floor.register(printer, pool);
		BadgeJob job = jobWithoutWake(pool);
		// the relay polls every 200 ms here: well within, without any notification
		eventually().atMost(Duration.ofSeconds(20)).until(() -> this.floor.countInState(List.of(job), "PRINTED") == 1);
		this.floor.assertEachPrintedOnce(List.of(job), printer);
	}

	// committed as the reconciler commits it, and then no wake
	private BadgeJob jobWithoutWake(String pool) {
		String eventId = TestData.unique("evt");
		BadgeJob job = new BadgeJob(UUID.randomUUID(), TestData.unique("att"));
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", eventId);
		this.jdbc.update("INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, tier)"
				+ " VALUES (?, ?, 'Quiet Attendee', 'ACME', 'STANDARD')", job.attendeeId(), eventId);
		this.jdbc.update(
				"INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version,"
						+ " printer_pool, reason, live) VALUES (?, ?, ?, 1, ?, 'CHECK_IN', true)",
				job.jobId(), job.attendeeId(), eventId, pool);
		return job;
	}

}
