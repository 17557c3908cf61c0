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
final class PrintInvariants {

	private PrintInvariants() {
	}

	static void run(Checks checks, Database database, String eventId, List<PrintedLabel> labels, String attendeePrefix,
			int failovers, int unconfirmedAtKill) {
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
	}

}
