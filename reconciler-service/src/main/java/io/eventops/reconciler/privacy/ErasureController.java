package io.eventops.reconciler.privacy;

import java.security.Principal;

import jakarta.validation.Valid;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Erasure on an admin's word (issue #38): one attendee during the event, or a whole event
 * at once. The same request again answers {@code erased: false} and changes nothing.
 */
@RestController
class ErasureController {

	private final Erasures erasures;

	ErasureController(Erasures erasures) {
		this.erasures = erasures;
	}

	@PostMapping("/admin/v1/attendees/{attendeeId}/erase")
	Erasure eraseAttendee(@PathVariable String attendeeId, @Valid @RequestBody EraseRequest request,
			Principal principal) {
		return this.erasures.eraseAttendee(attendeeId, request.reason(), principal.getName());
	}

	@PostMapping("/admin/v1/events/{eventId}/erase")
	Erasure eraseEvent(@PathVariable String eventId, @Valid @RequestBody EraseRequest request, Principal principal) {
		return this.erasures.eraseEvent(eventId, "EVENT", request.reason(), principal.getName());
	}

}
