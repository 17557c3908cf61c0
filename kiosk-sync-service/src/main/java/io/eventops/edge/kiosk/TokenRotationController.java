package io.eventops.edge.kiosk;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * A kiosk's own token rotation (issue #37): the agent asks every {@code token-max-age},
 * and the new token comes with this answer's {@code Kiosk-New-Token} header (and with
 * every answer to the old token until the kiosk uses the new one).
 */
@RestController
class TokenRotationController {

	private final KioskRegistry registry;

	TokenRotationController(KioskRegistry registry) {
		this.registry = registry;
	}

	@PostMapping("/v1/kiosks/{kioskId}/token-rotation")
	@ResponseStatus(HttpStatus.ACCEPTED)
	void rotate(@PathVariable String kioskId, HttpServletResponse response) {
		this.registry.requestRotation(kioskId);
		// a rotation already due got its token from the token filter on this request
		if (!response.containsHeader(KioskRegistry.NEW_TOKEN)) {
			this.registry.deliverToken(kioskId)
				.ifPresent((token) -> response.setHeader(KioskRegistry.NEW_TOKEN, token));
		}
	}

}
