package io.eventops.edge.kiosk;

import java.time.Instant;

import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Enrolment by one-time code (issue #37): an admin issues a code with the kiosk's
 * settings; the kiosk (no token yet) redeems it once for its token. Redemptions are
 * rate-limited per client address across replicas, before their body is read
 * ({@link EnrolmentRateLimiter}).
 */
@RestController
class EnrolmentController {

	private final Enrolments enrolments;

	EnrolmentController(Enrolments enrolments) {
		this.enrolments = enrolments;
	}

	@PostMapping("/admin/v1/enrolments")
	@ResponseStatus(HttpStatus.CREATED)
	EnrolmentCode issue(@Valid @RequestBody EnrolmentRequest request) {
		Enrolments.IssuedEnrolment issued = this.enrolments.issue(request);
		return new EnrolmentCode(issued.code(), issued.expiresAt(), EnrolmentQr.dataUri(issued.code()));
	}

	@PostMapping("/v1/enrol")
	@ResponseStatus(HttpStatus.CREATED)
	Enrolments.EnrolledKiosk enrol(@Valid @RequestBody EnrolRequest request) {
		return this.enrolments.redeem(request.code(), request.label());
	}

	/**
	 * An issued enrolment code: shown this once.
	 *
	 * @param code the code to type, two groups of five Crockford base32 characters
	 * @param expiresAt until when it may be used
	 * @param qr the code as a QR image, a {@code data:image/png;base64,} URI
	 */
	record EnrolmentCode(String code, Instant expiresAt, String qr) {
	}

}
