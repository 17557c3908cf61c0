package io.eventops.orchestrator.ledger;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The print ledger for ops: jobs by attendee, state and possible duplicate (invariant 8),
 * and counts per state.
 */
@RestController
@RequestMapping("/admin/v1/print-jobs")
class PrintJobController {

	private static final int LIMIT = 1000;

	private final PrintLedger ledger;

	PrintJobController(PrintLedger ledger) {
		this.ledger = ledger;
	}

	@GetMapping
	List<PrintJobView> search(@RequestParam(required = false) String attendeeId,
			@RequestParam(required = false) JobState state, @RequestParam(required = false) Boolean possibleDuplicate) {
		List<PrintJob> jobs = this.ledger.search(attendeeId, state, possibleDuplicate, LIMIT);
		Set<UUID> annulled = this.ledger
			.annulled(jobs.stream().filter((job) -> job.state() == JobState.PRINTED).map(PrintJob::jobId).toList());
		return jobs.stream().map((job) -> PrintJobView.of(job, annulled.contains(job.jobId()))).toList();
	}

	@GetMapping("/summary")
	Map<String, Long> summary() {
		Map<String, Long> counts = new LinkedHashMap<>();
		this.ledger.summary().forEach((state, count) -> counts.put(state.name(), count));
		return counts;
	}

	/**
	 * A print job as ops see it.
	 *
	 * @param jobId the job
	 * @param attendeeId the attendee
	 * @param credentialVersion the credential the badge carries
	 * @param state where it stands
	 * @param printerId its printer, null while PENDING
	 * @param attempts sends so far
	 * @param possibleDuplicate whether a printer may have printed it before it was sent
	 * again
	 * @param printedAt when a printer confirmed it
	 * @param confirmedBy what proved it out: LABEL_COUNTER, or HOST_STATUS (the weaker
	 * fallback of printers without the counter); null unless PRINTED
	 * @param annulledAfterPrint a PRINTED badge whose admission was annulled (#36): it
	 * stays PRINTED, and ops collect it
	 */
	record PrintJobView(UUID jobId, String attendeeId, int credentialVersion, String state, String printerId,
			int attempts, boolean possibleDuplicate, Instant printedAt, String confirmedBy,
			boolean annulledAfterPrint) {

		static PrintJobView of(PrintJob job, boolean annulledAfterPrint) {
			return new PrintJobView(job.jobId(), job.attendeeId(), job.credentialVersion(), job.state().name(),
					job.printerId(), job.attempts(), job.possibleDuplicate(), job.printedAt(),
					(job.confirmedBy() != null) ? job.confirmedBy().name() : null,
					annulledAfterPrint && job.state() == JobState.PRINTED);
		}

	}

}
