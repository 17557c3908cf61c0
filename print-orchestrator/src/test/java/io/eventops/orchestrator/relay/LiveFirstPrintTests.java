package io.eventops.orchestrator.relay;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A live check-in's badge (issue #24) arriving while a pool prints a reconnect herd's
 * backlog is printed after at most one printer queue's worth of the backlog's labels, not
 * after the whole backlog, on a virtual printer over TCP against real PostgreSQL and
 * Redis; and every badge, live and backlog, is printed exactly once (invariant 8).
 */
@OrchestratorTest
class LiveFirstPrintTests extends PrintFloorTest {

	// max-queued-per-printer: the jobs already on the printer's queue when the live one
	// is taken
	private static final int MAX_QUEUED = 20;

	@Test
	void aLiveBadgeOvertakesTheBacklogAndEveryBadgePrintsOnce() {
		String pool = TestData.unique("hall");
		VirtualPrinter printer = this.floor.start("desk", Duration.ofMillis(40));
		this.floor.register(printer, pool);
		List<BadgeJob> backlog = this.floor.jobs(pool, 150);
		eventually().atMost(Duration.ofSeconds(60)).until(() -> this.floor.countInState(backlog, "PRINTED") >= 5);

		long printedBefore = this.floor.countInState(backlog, "PRINTED");
		BadgeJob live = liveJob(pool);
		eventually().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(10))
			.until(() -> this.floor.countInState(List.of(live), "PRINTED") == 1);
		long printedWithLive = this.floor.countInState(backlog, "PRINTED");

		// oldest first, it would have waited for the whole backlog (over 140 labels)
		assertThat(printedWithLive - printedBefore).as("backlog labels printed while the live badge waited")
			.isLessThanOrEqualTo(MAX_QUEUED + 2);
		assertThat(printedWithLive).isLessThan(backlog.size());
		List<BadgeJob> all = new ArrayList<>(backlog);
		all.add(live);
		eventually().atMost(Duration.ofSeconds(60)).until(() -> this.floor.countInState(all, "PRINTED") == all.size());
		this.floor.assertEachPrintedOnce(all, printer);
	}

	// a badge job as the reconciler writes it for a check-in captured just now
	private BadgeJob liveJob(String pool) {
		String eventId = TestData.unique("evt");
		BadgeJob job = new BadgeJob(UUID.randomUUID(), TestData.unique("att"));
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", eventId);
		this.jdbc.update("INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, tier)"
				+ " VALUES (?, ?, 'Live Attendee', 'ACME', 'STANDARD')", job.attendeeId(), eventId);
		this.jdbc.update(
				"INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version,"
						+ " printer_pool, reason, live) VALUES (?, ?, ?, 1, ?, 'CHECK_IN', true)",
				job.jobId(), job.attendeeId(), eventId, pool);
		TestData.wake(this.jdbc, pool);
		return job;
	}

}
