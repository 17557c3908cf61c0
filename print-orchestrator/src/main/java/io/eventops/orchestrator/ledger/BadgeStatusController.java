package io.eventops.orchestrator.ledger;

import java.time.Instant;
import java.util.Comparator;
import java.util.UUID;
import java.util.regex.Pattern;

import io.eventops.orchestrator.printer.OperationRefusedException;
import io.eventops.orchestrator.printer.PrintProblem;
import io.eventops.web.Refusal;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The internal read behind the edge's kiosk-facing badge status: an attendee's newest
 * badge job of one event, as the print ledger has it (jobs still in the reconciler's
 * outbox count as PENDING). Only the edge calls it, with the internal token; the edge
 * limits a kiosk to its own event.
 */
@RestController
class BadgeStatusController {

	private static final Pattern ATTENDEE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

	private static final int LIMIT = 50;

	private final PrintLedger ledger;

	BadgeStatusController(PrintLedger ledger) {
		this.ledger = ledger;
	}

	@GetMapping("/internal/v1/events/{eventId}/attendees/{attendeeId}/badge")
	BadgeJobView badge(@PathVariable String eventId, @PathVariable String attendeeId) {
		if (!ATTENDEE_ID.matcher(attendeeId).matches()) {
			throw OperationRefusedException.invalid(PrintProblem.MALFORMED_ATTENDEE_ID,
					"An attendee id is 1-64 characters of [A-Za-z0-9_.:-].");
		}
		// the newest credential's job is the badge the attendee waits for: a reprint
		// withdraws the older one
		return this.ledger.search(attendeeId, null, LIMIT)
			.stream()
			.filter((job) -> job.eventId().equals(eventId))
			.max(Comparator.comparingInt(PrintJob::credentialVersion).thenComparing(PrintJob::createdAt))
			.map(BadgeJobView::of)
			.orElseThrow(() -> new OperationRefusedException(Refusal.Kind.NOT_FOUND, PrintProblem.NO_BADGE_JOB,
					"No badge job for this attendee of this event (yet)."));
	}

	/**
	 * Where an attendee's badge stands.
	 *
	 * @param attendeeId the attendee
	 * @param jobId the badge job
	 * @param credentialVersion the credential the badge carries
	 * @param state the ledger's state
	 * @param printerId the printer it is assigned to, null while PENDING
	 * @param possibleDuplicate whether a failover flagged it (invariant 8)
	 * @param printedAt when a printer confirmed it
	 */
	record BadgeJobView(String attendeeId, UUID jobId, int credentialVersion, String state, String printerId,
			boolean possibleDuplicate, Instant printedAt) {

		static BadgeJobView of(PrintJob job) {
			return new BadgeJobView(job.attendeeId(), job.jobId(), job.credentialVersion(), job.state().name(),
					job.printerId(), job.possibleDuplicate(), job.printedAt());
		}

	}

}
