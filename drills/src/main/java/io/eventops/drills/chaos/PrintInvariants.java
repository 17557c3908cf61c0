package io.eventops.drills.chaos;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.eventops.drills.check.Check;
import io.eventops.drills.check.Checks;
import io.eventops.drills.stack.Database;
import io.eventops.printer.virtual.PrintedLabel;

/**
 * The printing invariants after the scenario: one ledger row per badge job, every job
 * printed, and labels per attendee exactly one, except at most one extra for a job
 * flagged {@code possibleDuplicate}, at most one such job per failover.
 */
public final class PrintInvariants {

	private PrintInvariants() {
	}

	/**
	 * The printing invariants.
	 * @param checks where the checks go
	 * @param database the suite's database
	 * @param eventId the drill's event
	 * @param labels every label the printers printed
	 * @param attendeePrefix the drill's attendees
	 * @param failovers failovers of the run
	 * @param unconfirmedAtKill labels unconfirmed when an orchestrator was killed
	 */
	public static void run(Checks checks, Database database, String eventId, List<PrintedLabel> labels,
			String attendeePrefix, int failovers, int unconfirmedAtKill) {
		run(checks, database, eventId, labels, attendeePrefix, failovers, unconfirmedAtKill, List.of(), List.of());
	}

	/**
	 * The printing invariants, with the jobs of the confirmation faults.
	 * @param checks where the checks go
	 * @param database the suite's database
	 * @param eventId the drill's event
	 * @param labels every label the printers printed
	 * @param attendeePrefix the drill's attendees
	 * @param failovers failovers of the run
	 * @param unconfirmedAtKill labels unconfirmed when the orchestrator was killed
	 * @param confirmedThroughBlip jobs being confirmed when their printer blipped
	 * @param droppedJobs jobs whose format a printer dropped unprinted
	 */
	static void run(Checks checks, Database database, String eventId, List<PrintedLabel> labels, String attendeePrefix,
			int failovers, int unconfirmedAtKill, List<String> confirmedThroughBlip, List<String> droppedJobs) {
		long jobs = database.number("SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = ?", eventId);
		long ledger = database.number("SELECT count(*) FROM printing.print_jobs WHERE event_id = ?", eventId);
		checks.add(Check.equal("one print-ledger row per badge job", jobs, ledger));
		checks.add(Check.equal("no attendee with two print jobs", 0,
				database.number("SELECT count(*) FROM (SELECT attendee_id FROM printing.print_jobs WHERE event_id = ?"
						+ " GROUP BY 1 HAVING count(*) > 1) d", eventId)));
		long printed = database
			.number("SELECT count(*) FROM printing.print_jobs WHERE event_id = ? AND state = 'PRINTED'", eventId);
		checks.add(Check.equal("every badge job printed (ledger state PRINTED)", jobs, printed));
		Map<String, Integer> perAttendee = new HashMap<>();
		for (PrintedLabel label : labels) {
			if (label.attendeeId() != null && label.attendeeId().startsWith(attendeePrefix)) {
				perAttendee.merge(label.attendeeId(), 1, Integer::sum);
			}
		}
		List<String> jobAttendees = database.strings("SELECT attendee_id FROM reconciler.badge_jobs WHERE event_id = ?",
				eventId);
		long missing = jobAttendees.stream().filter((a) -> !perAttendee.containsKey(a)).count();
		checks.add(Check.equal("every attendee with a badge job has a printed label", "0 missing", "")
			.withActual(missing + " missing", missing == 0));
		long extra = perAttendee.values().stream().mapToLong((n) -> n - 1).sum();
		long twice = perAttendee.values().stream().filter((n) -> n > 2).count();
		long flagged = database
			.number("SELECT count(*) FROM printing.print_jobs WHERE event_id = ? AND possible_duplicate", eventId);
		checks.add(Check.that("extra labels only for possibleDuplicate jobs, at most one each",
				"extra <= flagged jobs, none printed 3 times",
				extra + " extra, " + flagged + " flagged, " + twice + " printed 3+ times",
				extra <= flagged && twice == 0));
		// a label sent but unconfirmed when the orchestrator was killed may be resent
		// once, flagged, like the in-flight label of a failed-over printer
		int allowed = failovers + unconfirmedAtKill;
		checks.add(Check.that("possibleDuplicate jobs at most one per failover and per label unconfirmed at an"
				+ " orchestrator kill", "<= " + allowed, flagged, flagged <= allowed));
		// invariant 8: PRINTED only with the label out
		Map<String, Integer> perJob = new HashMap<>();
		labels.forEach((label) -> perJob.merge(label.jobId(), 1, Integer::sum));
		List<String> printedJobs = database
			.strings("SELECT job_id::text FROM printing.print_jobs WHERE event_id = ? AND state = 'PRINTED'", eventId);
		long withoutLabel = printedJobs.stream().filter((job) -> !perJob.containsKey(job)).count();
		checks.add(Check.equal("no job PRINTED without a label", "0 without a label", "")
			.withActual(withoutLabel + " without a label", withoutLabel == 0));
		if (!confirmedThroughBlip.isEmpty()) {
			List<String> flaggedJobs = database.strings(
					"SELECT job_id::text FROM printing.print_jobs WHERE event_id = ? AND possible_duplicate", eventId);
			long wrong = confirmedThroughBlip.stream()
				.filter((job) -> perJob.getOrDefault(job, 0) != 1 || flaggedJobs.contains(job))
				.count();
			checks.add(Check.that(
					"a label confirmed through a blip shorter than the probe threshold came out once,"
							+ " not sent again",
					"once each, none flagged",
					confirmedThroughBlip.size() - wrong + " of " + confirmedThroughBlip.size() + " once and unflagged",
					wrong == 0));
		}
		if (!droppedJobs.isEmpty()) {
			long wrong = droppedJobs.stream().filter((job) -> perJob.getOrDefault(job, 0) != 1).count();
			checks.add(Check.that("a format dropped unprinted (swallowed, ~JA) was printed again and came out once",
					"once each", droppedJobs.size() - wrong + " of " + droppedJobs.size() + " once", wrong == 0));
		}
	}

}
