package io.eventops.edge.passthrough;

import java.nio.charset.StandardCharsets;

import io.eventops.edge.kiosk.KioskDirection;
import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.web.EdgeException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriUtils;

/**
 * {@code POST /v1/kiosks/{kioskId}/allowance} (#36, invariant 14;
 * docs/access-control.md): renews the kiosk's admission allowance at its area. The edge
 * names the kiosk's event and area and how many entry kiosks of the area share its free
 * places (provisioned, not revoked, {@code ENTRY} or {@code BOTH}); the kiosk names the
 * grant it holds ({@code held}, with {@code heldWhenTaken}) and its acknowledged seq
 * ({@code base}); the reconciler grants. The kiosk asks after each flush round; without
 * an answer in the budget (503) it keeps the allowance it has. An exit kiosk and a kiosk
 * without an area admit under no allowance: 404.
 */
@RestController
class AllowanceController {

	private static final String SHARING = """
			SELECT count(*) FROM edge.kiosks
			WHERE event_id = ? AND area_id = ? AND direction IN ('ENTRY', 'BOTH') AND revoked_at IS NULL""";

	private static final String[] QUESTION = { "held", "heldWhenTaken", "base" };

	private final AdmissionChecks reconciler;

	private final ReconcilerPassThrough reads;

	private final JdbcTemplate jdbc;

	private final JsonMapper json;

	AllowanceController(AdmissionChecks reconciler, ReconcilerPassThrough reads, JdbcTemplate jdbc, JsonMapper json) {
		this.reconciler = reconciler;
		this.reads = reads;
		this.jdbc = jdbc;
		this.json = json;
	}

	/**
	 * Who is inside the kiosk's area now against its capacity (invariant 13), for its
	 * staff mode: the reconciler's answer as it is (404 when the kiosk has no area or the
	 * current policy none such).
	 * @param kiosk the kiosk
	 * @return the occupancy
	 */
	@GetMapping("/v1/kiosks/{kioskId}/occupancy")
	ResponseEntity<String> occupancy(@AuthenticationPrincipal KioskPrincipal kiosk) {
		if (kiosk.areaId() == null) {
			throw EdgeException.notFound("Area", "(none)");
		}
		return KioskCacheController.relay(this.reads
			.get("/internal/v1/events/" + UriUtils.encodePathSegment(kiosk.eventId(), StandardCharsets.UTF_8)
					+ "/areas/" + UriUtils.encodePathSegment(kiosk.areaId(), StandardCharsets.UTF_8) + "/occupancy"));
	}

	@PostMapping("/v1/kiosks/{kioskId}/allowance")
	ResponseEntity<String> renew(@AuthenticationPrincipal KioskPrincipal kiosk,
			@RequestBody(required = false) byte[] body) {
		if (kiosk.areaId() == null || kiosk.direction() == KioskDirection.EXIT) {
			throw EdgeException.notFound("Allowance", kiosk.kioskId());
		}
		JsonNode asked = question(body);
		Long sharing = this.jdbc.queryForObject(SHARING, Long.class, kiosk.eventId(), kiosk.areaId());
		ObjectNode request = this.json.createObjectNode();
		request.put("kioskId", kiosk.kioskId());
		request.put("sharing", Math.max(1, (sharing != null) ? sharing : 1));
		for (String field : QUESTION) {
			if (asked.has(field) && !asked.get(field).isNull()) {
				request.put(field, asked.get(field).asLong());
			}
		}
		ReconcilerPassThrough.Answer answer = this.reconciler.allowance(kiosk.eventId(), kiosk.areaId(),
				request.toString());
		if (answer.status() != 200) {
			return KioskCacheController.relay(answer);
		}
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(allowance(answer.body()));
	}

	// the kiosk's question: an empty body (no grant held, every entry counted) or an
	// object of whole numbers: held >= 1, heldWhenTaken and base >= 0
	private JsonNode question(byte[] body) {
		if (body == null || body.length == 0) {
			return this.json.createObjectNode();
		}
		JsonNode asked;
		try {
			asked = this.json.readTree(body);
		}
		catch (JacksonException ex) {
			throw EdgeException.malformedAllowanceRequest("(body)", "is not JSON");
		}
		if (asked == null || !asked.isObject()) {
			throw EdgeException.malformedAllowanceRequest("(body)", "must be a JSON object");
		}
		for (String field : QUESTION) {
			JsonNode value = asked.get(field);
			if (value == null || value.isNull()) {
				continue;
			}
			long least = "held".equals(field) ? 1 : 0;
			if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < least) {
				throw EdgeException.malformedAllowanceRequest(field, "must be a whole number of at least " + least);
			}
		}
		return asked;
	}

	// the kiosk gets the allowance's fields and nothing else; an answer without an area
	// or a version is no answer
	private String allowance(String body) {
		JsonNode answer;
		try {
			answer = this.json.readTree(body);
		}
		catch (JacksonException ex) {
			throw this.reconciler.unavailable();
		}
		if (answer == null || !answer.path("areaId").isString() || !answer.path("policyVersion").isIntegralNumber()) {
			throw this.reconciler.unavailable();
		}
		ObjectNode result = this.json.createObjectNode();
		result.put("areaId", answer.get("areaId").stringValue());
		for (String field : new String[] { "capacity", "grant", "base", "places", "leaseSeconds" }) {
			JsonNode value = answer.get(field);
			if (value != null && value.isIntegralNumber()) {
				result.put(field, value.asLong());
			}
		}
		JsonNode carried = answer.get("carried");
		if (carried != null && carried.isArray()) {
			var attendees = result.putArray("carried");
			for (JsonNode attendee : carried) {
				if (attendee.isString()) {
					attendees.add(attendee.stringValue());
				}
			}
		}
		JsonNode until = answer.get("leaseUntil");
		if (until != null && until.isString()) {
			result.put("leaseUntil", until.stringValue());
		}
		result.put("policyVersion", answer.get("policyVersion").asLong());
		return result.toString();
	}

}
