package io.eventops.edge.kiosk;

import java.util.List;

import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Kiosk provisioning, revocation and token rotation (ADMIN) and the fleet's sync overview
 * (OPS).
 */
@RestController
class KioskAdminController {

	private final KioskRegistry registry;

	private final KioskTracking tracking;

	KioskAdminController(KioskRegistry registry, KioskTracking tracking) {
		this.registry = registry;
		this.tracking = tracking;
	}

	@PostMapping("/admin/v1/kiosks")
	@ResponseStatus(HttpStatus.CREATED)
	ProvisionedKiosk provision(@Valid @RequestBody KioskRegistration registration) {
		return new ProvisionedKiosk(registration.kioskId(), this.registry.provision(registration));
	}

	// no body is LOST, what revocation was before modes (issue #37)
	@PostMapping("/admin/v1/kiosks/{kioskId}/revoke")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void revoke(@PathVariable String kioskId, @Valid @RequestBody(required = false) RevocationRequest request) {
		this.registry.revoke(kioskId, (request != null) ? request.revocationMode() : RevocationMode.LOST);
	}

	@PostMapping("/admin/v1/kiosks/{kioskId}/rotate")
	@ResponseStatus(HttpStatus.ACCEPTED)
	void rotate(@PathVariable String kioskId) {
		this.registry.requestRotation(kioskId);
	}

	@GetMapping("/admin/v1/kiosks")
	List<KioskSummary> list() {
		return this.tracking.list();
	}

	/**
	 * The answer to a provisioning: the token is shown this once.
	 *
	 * @param kioskId the kiosk
	 * @param token its bearer token
	 */
	record ProvisionedKiosk(String kioskId, String token) {
	}

}
