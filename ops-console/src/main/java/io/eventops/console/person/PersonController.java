package io.eventops.console.person;

import io.eventops.console.upstream.PrintClient;
import io.eventops.console.upstream.ReconcilerClient;
import io.eventops.console.upstream.ReconcilerClient.Annulment;
import io.eventops.console.upstream.ReconcilerClient.Correction;
import io.eventops.console.upstream.ReconcilerClient.ExpressCodeRequest;
import io.eventops.console.upstream.ReconcilerClient.Reason;
import tools.jackson.databind.JsonNode;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The person screen's API: the reconciler's search and view of an attendee, the
 * orchestrator's of their print jobs, and the desk's actions, each answered as the
 * service answered.
 */
@RestController
class PersonController {

	private final ReconcilerClient reconciler;

	private final PrintClient print;

	PersonController(ReconcilerClient reconciler, PrintClient print) {
		this.reconciler = reconciler;
		this.print = print;
	}

	@GetMapping("/api/events/{eventId}/attendees")
	ResponseEntity<JsonNode> find(@PathVariable String eventId, @RequestParam(required = false) String q,
			@RequestParam(required = false) Integer limit) {
		return this.reconciler.findAttendees(eventId, q, limit);
	}

	@GetMapping("/api/attendees/{attendeeId}")
	ResponseEntity<JsonNode> attendee(@PathVariable String attendeeId) {
		return this.reconciler.attendee(attendeeId);
	}

	@GetMapping("/api/attendees/{attendeeId}/print-jobs")
	ResponseEntity<JsonNode> printJobs(@PathVariable String attendeeId) {
		return this.print.printJobs(attendeeId, null);
	}

	@PostMapping("/api/attendees/{attendeeId}/corrections")
	ResponseEntity<JsonNode> correct(@PathVariable String attendeeId, @RequestBody Correction correction) {
		return this.reconciler.correct(attendeeId, correction);
	}

	@PostMapping("/api/attendees/{attendeeId}/reprint")
	ResponseEntity<JsonNode> reprint(@PathVariable String attendeeId, @RequestBody Reason reason) {
		return this.reconciler.reprint(attendeeId, reason);
	}

	@PostMapping("/api/attendees/{attendeeId}/annul")
	ResponseEntity<JsonNode> annul(@PathVariable String attendeeId, @RequestBody Annulment annulment) {
		return this.reconciler.annul(attendeeId, annulment);
	}

	@PostMapping("/api/events/{eventId}/express-codes")
	ResponseEntity<JsonNode> expressCode(@PathVariable String eventId, @RequestBody ExpressCodeRequest request) {
		return this.reconciler.expressCode(eventId, request);
	}

}
