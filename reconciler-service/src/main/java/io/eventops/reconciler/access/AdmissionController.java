package io.eventops.reconciler.access;

import jakarta.validation.Valid;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The internal admission check the edge asks for a kiosk online; guarded by the internal
 * token like every {@code /internal} endpoint.
 */
@RestController
class AdmissionController {

	private final AdmissionCheck check;

	AdmissionController(AdmissionCheck check) {
		this.check = check;
	}

	@PostMapping("/internal/v1/events/{eventId}/admission-check")
	AdmissionAnswer check(@PathVariable String eventId, @Valid @RequestBody AdmissionRequest request) {
		return this.check.check(eventId, request);
	}

}
