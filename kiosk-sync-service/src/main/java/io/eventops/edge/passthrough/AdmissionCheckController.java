package io.eventops.edge.passthrough;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.util.Set;
import java.util.regex.Pattern;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.web.BodyReader;
import io.eventops.edge.web.EdgeException;
import io.eventops.model.flush.EntryBounds;
import io.eventops.model.time.Rfc3339;
import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /v1/kiosks/{kioskId}/admission-check} (issue #35, docs/access-control.md):
 * checks the kiosk's question, adds the kiosk's event and area and asks the reconciler,
 * which decides from the venue-wide history; its decision comes back as {@code {decision,
 * reason?, explanation?, policyVersion}}, its problem about the question (404 unknown
 * attendee) as it is. No answer within the admission check's budget is a 503 with
 * {@code Retry-After}, and the kiosk decides from its cache.
 */
@RestController
class AdmissionCheckController {

	// a question is an attendee id and a time, under 200 bytes: the express-code
	// redemption's cap is room enough
	static final int MAX_BODY_BYTES = ExpressCodeController.MAX_BODY_BYTES;

	private static final Pattern ATTENDEE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

	private static final Set<String> DECISIONS = Set.of("ADMIT", "REFUSE");

	private final AdmissionChecks reconciler;

	private final JsonMapper json;

	AdmissionCheckController(AdmissionChecks reconciler, JsonMapper json) {
		this.reconciler = reconciler;
		this.json = json;
	}

	@PostMapping(path = "/v1/kiosks/{kioskId}/admission-check", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<String> check(@AuthenticationPrincipal KioskPrincipal kiosk, HttpServletRequest http)
			throws IOException {
		JsonNode question = question(BodyReader.read(http, MAX_BODY_BYTES));
		JsonNode attendee = question.get("attendeeId");
		if (attendee == null || !attendee.isString() || !ATTENDEE_ID.matcher(attendee.stringValue()).matches()) {
			throw EdgeException.invalidAdmissionCheck("attendeeId", "1-64 characters of [A-Za-z0-9_.:-]");
		}
		JsonNode captured = question.get("capturedAt");
		OffsetDateTime capturedAt = (captured != null && captured.isString())
				? Rfc3339.parseOrNull(captured.stringValue()) : null;
		if (capturedAt == null || !EntryBounds.isPlausible(capturedAt)) {
			throw EdgeException.invalidAdmissionCheck("capturedAt", "an RFC 3339 time with seconds and an offset");
		}
		ObjectNode forwarded = this.json.createObjectNode();
		forwarded.put("attendeeId", attendee.stringValue());
		if (kiosk.areaId() != null) {
			forwarded.put("areaId", kiosk.areaId());
		}
		forwarded.put("capturedAt", Rfc3339.format(capturedAt));
		ReconcilerPassThrough.Answer answer = this.reconciler.ask(kiosk.eventId(), forwarded.toString());
		if (answer.status() != 200) {
			return KioskCacheController.relay(answer);
		}
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(decision(answer.body()));
	}

	private JsonNode question(byte[] body) {
		JsonNode question;
		try {
			question = this.json.readTree(body);
		}
		catch (JacksonException ex) {
			throw EdgeException.malformedAdmissionCheck("body", "not JSON");
		}
		if (question == null || !question.isObject()) {
			throw EdgeException.malformedAdmissionCheck("body", "expected a JSON object");
		}
		return question;
	}

	// the kiosk gets the decision's four fields and nothing else the reconciler may add;
	// an answer without a decision is no answer
	private String decision(String body) {
		JsonNode answer;
		try {
			answer = this.json.readTree(body);
		}
		catch (JacksonException ex) {
			throw this.reconciler.unavailable();
		}
		JsonNode decision = (answer != null) ? answer.get("decision") : null;
		JsonNode version = (answer != null) ? answer.get("policyVersion") : null;
		if (decision == null || !decision.isString() || !DECISIONS.contains(decision.stringValue()) || version == null
				|| !version.isIntegralNumber() || !version.canConvertToLong() || version.asLong() < 0) {
			throw this.reconciler.unavailable();
		}
		ObjectNode result = this.json.createObjectNode();
		result.put("decision", decision.stringValue());
		copyText(answer, result, "reason");
		copyText(answer, result, "explanation");
		result.put("policyVersion", version.asLong());
		return result.toString();
	}

	private static void copyText(JsonNode from, ObjectNode to, String field) {
		JsonNode value = from.get(field);
		if (value != null && value.isString()) {
			to.put(field, value.stringValue());
		}
	}

}
