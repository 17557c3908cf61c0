package io.eventops.reconciler.checkin;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.TestData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A badge job is live, and taken by the print orchestrator ahead of a backlog's (issue
 * #24), when its check-in was captured within 30 s of being applied: an attendee at an
 * online kiosk; an outage backlog's entries, captured minutes earlier, are not. The mark
 * travels with the job into the relay table the orchestrator takes from (V11), on real
 * PostgreSQL.
 */
class LiveBadgeJobTests {

	private static ReconcilerHarness harness;

	@BeforeAll
	static void start() {
		harness = ReconcilerHarness.start();
	}

	@AfterAll
	static void stop() {
		harness.close();
	}

	@Test
	void aCheckInCapturedJustNowMakesALiveJobAndABacklogEntryDoesNot() {
		String event = TestData.unique("evt");
		String kiosk = TestData.kiosk();
		List<String> attendees = TestData.attendees(harness.jdbc, event, 4);
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
		List<ReconcileEntry> entries = List.of(
				TestData.entry(kiosk, 1, attendees.get(0)).capturedAt(now.minusMinutes(20)).build(),
				TestData.entry(kiosk, 2, attendees.get(1)).capturedAt(now.minusSeconds(45)).build(),
				TestData.entry(kiosk, 3, attendees.get(2)).capturedAt(now.minusSeconds(2)).build(),
				TestData.entry(kiosk, 4, attendees.get(3)).capturedAt(now.minusSeconds(1)).build());
		List<EntryResult> results = harness.reconciler(harness.pool)
			.reconcile(TestData.request(kiosk, event, entries))
			.results();
		assertThat(results).extracting(EntryResult::outcome).containsOnly(Outcome.APPLIED);

		assertThat(live("badge_jobs", attendees)).containsExactly(false, false, true, true);
		assertThat(live("badge_job_relay", attendees)).containsExactly(false, false, true, true);
		// invariant 7 as before: one job per attendee credential
		assertThat(harness.jdbc.queryForObject("SELECT count(*) FROM reconciler.badge_jobs WHERE attendee_id = ANY(?)",
				Long.class, (Object) attendees.toArray(String[]::new)))
			.isEqualTo(4);
	}

	// the live mark of each attendee's job, in the attendees' order
	private static List<Boolean> live(String table, List<String> attendees) {
		return attendees.stream()
			.map((attendee) -> harness.jdbc.queryForObject(
					"SELECT r.live FROM reconciler." + table
							+ " r JOIN reconciler.badge_jobs j ON j.job_id = r.job_id WHERE j.attendee_id = ?",
					Boolean.class, attendee))
			.toList();
	}

}
