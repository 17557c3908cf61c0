package io.eventops.edge.passthrough;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.web.BodyReader;
import io.eventops.edge.web.EdgeException;
import jakarta.servlet.http.HttpServletRequest;
import io.eventops.model.express.ExpressCodeText;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Online express-code redemption: the code is read as people type it
 * ({@link ExpressCodeText}) and refused with an express-code problem when it cannot be
 * one, a body over 16 KiB is refused (413) before it is buffered whole; the kiosk's
 * request goes to the reconciler with the canonical code and the kiosk's event and
 * printer pool, and its answer comes back as it is (200, or the contract's 404, 409, 410
 * and 422 problems).
 */
@RestController
class ExpressCodeController {

	// a redemption is a clientSubmissionId and at most the code's attendees (the
	// reconciler issues codes for at most 50, of ids of at most 64 characters): about 4
	// KiB at most, so 16 KiB is room, and a larger body is no redemption
	static final int MAX_BODY_BYTES = 16 * 1024;

	private final ReconcilerPassThrough reconciler;

	private final JsonMapper json;

	ExpressCodeController(ReconcilerPassThrough reconciler, JsonMapper json) {
		this.reconciler = reconciler;
		this.json = json;
	}

	@PostMapping(path = "/v1/kiosks/{kioskId}/express-codes/{code}/redeem", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<String> redeem(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId,
			@PathVariable String code, HttpServletRequest http) throws IOException {
		String canonical = ExpressCodeText.canonicalOrNull(code);
		if (canonical == null) {
			throw EdgeException.malformedExpressCode();
		}
		byte[] body = BodyReader.read(http, MAX_BODY_BYTES);
		JsonNode request;
		try {
			request = this.json.readTree(body);
		}
		catch (JacksonException ex) {
			throw EdgeException.malformedRedemption("body", "not JSON");
		}
		if (request == null || !request.isObject()) {
			throw EdgeException.malformedRedemption("body", "expected a JSON object");
		}
		Map<String, Object> forwarded = new LinkedHashMap<>();
		forwarded.put("kioskId", kiosk.kioskId());
		forwarded.put("eventId", kiosk.eventId());
		forwarded.put("printerPool", kiosk.printerPool());
		forwarded.put("clientSubmissionId",
				request.path("clientSubmissionId").isString() ? request.get("clientSubmissionId").asString() : null);
		JsonNode attendees = request.get("attendeeIds");
		if (attendees != null && attendees.isArray()) {
			forwarded.put("attendeeIds", attendees);
		}
		return KioskCacheController.relay(this.reconciler.post("/internal/v1/express-codes/" + canonical + "/redeem",
				this.json.writeValueAsString(forwarded)));
	}

}
