package io.eventops.reconciler.correction;

import jakarta.validation.Valid;

import io.eventops.reconciler.attendee.AttendeeQueries;
import io.eventops.reconciler.attendee.AttendeeView;
import io.eventops.reconciler.web.DomainException;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Help-desk endpoints: corrections answer with the attendee's new state (its winning
 * record is the desk's), reprints with the new job, annulments with what they undid.
 */
@RestController
class DeskController {

	private final DeskActions actions;

	private final DeskAnnulments annulments;

	private final AttendeeQueries queries;

	DeskController(DeskActions actions, DeskAnnulments annulments, AttendeeQueries queries) {
		this.actions = actions;
		this.annulments = annulments;
		this.queries = queries;
	}

	@PostMapping("/admin/v1/attendees/{attendeeId}/corrections")
	AttendeeView correct(@PathVariable String attendeeId, @Valid @RequestBody CorrectionRequest correction) {
		this.actions.correct(attendeeId, correction);
		return this.queries.find(attendeeId).orElseThrow(() -> DomainException.notFound("Attendee", attendeeId));
	}

	@PostMapping("/admin/v1/attendees/{attendeeId}/reprint")
	@ResponseStatus(HttpStatus.ACCEPTED)
	DeskActions.Reprint reprint(@PathVariable String attendeeId, @Valid @RequestBody ReprintRequest request) {
		return this.actions.reprint(attendeeId, request);
	}

	// #36: undoes the attendee's current admission; 409 when there is none to undo
	@PostMapping("/admin/v1/attendees/{attendeeId}/annul")
	Annulment annul(@PathVariable String attendeeId, @Valid @RequestBody AnnulRequest request) {
		return this.annulments.annul(attendeeId, request);
	}

}
