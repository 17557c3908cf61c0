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

	private final Allowances allowances;

	AdmissionController(AdmissionCheck check, Allowances allowances) {
		this.check = check;
		this.allowances = allowances;
	}

	/**
	 * Renews the kiosk's admission allowance at its area (invariant 14); the edge asks
	 * after each of the kiosk's flush rounds.
	 * @param eventId the kiosk's event
	 * @param areaId the kiosk's area
	 * @param request the kiosk and how many entry kiosks share the area
	 * @return the allowance
	 */
	@PostMapping("/internal/v1/events/{eventId}/areas/{areaId}/allowances")
	AllowanceAnswer allowance(@PathVariable String eventId, @PathVariable String areaId,
			@Valid @RequestBody AllowanceRequest request) {
		return this.allowances.grant(eventId, areaId, request);
	}

	@PostMapping("/internal/v1/events/{eventId}/admission-check")
	AdmissionAnswer check(@PathVariable String eventId, @Valid @RequestBody AdmissionRequest request) {
		return this.check.check(eventId, request);
	}

}
