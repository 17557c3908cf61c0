package io.eventops.edge.badge;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Pattern;

import io.eventops.edge.web.BadgeStatus;
import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.security.SecurityProperties;
import io.eventops.edge.web.EdgeException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/kiosks/{kioskId}/attendees/{attendeeId}/badge}: asks the print
 * orchestrator for the attendee's newest badge job of the kiosk's own event (the kiosk
 * token fixes the event, so a kiosk never sees another event's badges) and answers in the
 * screen's terms; an orchestrator that cannot be asked is a 503 with {@code Retry-After}.
 */
@RestController
class BadgeStatusController {

	private static final Pattern ATTENDEE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

	private final HttpClient http;

	private final PrintOrchestratorProperties properties;

	private final String token;

	private final JsonMapper json;

	BadgeStatusController(PrintOrchestratorProperties properties, SecurityProperties security, JsonMapper json) {
		this.http = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.version(HttpClient.Version.HTTP_1_1)
			.build();
		this.properties = properties;
		this.token = security.internalToken();
		this.json = json;
	}

	@GetMapping("/v1/kiosks/{kioskId}/attendees/{attendeeId}/badge")
	BadgeStatus badge(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId,
			@PathVariable String attendeeId) {
		if (!ATTENDEE_ID.matcher(attendeeId).matches()) {
			throw EdgeException.malformedAttendeeId();
		}
		String base = this.properties.baseUrl().toString().replaceAll("/+$", "");
		HttpRequest request = HttpRequest
			.newBuilder(
					URI.create(base + "/internal/v1/events/" + kiosk.eventId() + "/attendees/" + attendeeId + "/badge"))
			.timeout(this.properties.readTimeout())
			.header("Authorization", "Bearer " + this.token)
			.header("Accept", "application/json")
			.GET()
			.build();
		HttpResponse<String> response;
		try {
			response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw EdgeException.printUnavailable(this.properties.retryAfter());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw EdgeException.printUnavailable(this.properties.retryAfter());
		}
		if (response.statusCode() == 404) {
			throw EdgeException.noBadgeJob(attendeeId);
		}
		if (response.statusCode() != 200) {
			// a refused internal call or a failing orchestrator: nothing the kiosk did
			throw EdgeException.printUnavailable(this.properties.retryAfter());
		}
		try {
			return toKiosk(this.json.readTree(response.body()));
		}
		catch (JacksonException | IllegalArgumentException ex) {
			throw EdgeException.printUnavailable(this.properties.retryAfter());
		}
	}

	static BadgeStatus toKiosk(JsonNode job) {
		String state = job.path("state").asString("");
		boolean flagged = job.path("possibleDuplicate").asBoolean(false);
		String status = switch (state) {
			case "PENDING", "QUEUED" -> "QUEUED";
			case "PRINTING" -> "PRINTING";
			case "PRINTED" -> "PRINTED";
			// UNKNOWN_OUTCOME, WITHDRAWN: a person has to look
			default -> "ASK_STAFF";
		};
		if (flagged) {
			// a failover re-sent it (invariant 8): the attendee may find two badges, or
			// none
			status = "ASK_STAFF";
		}
		String printerId = job.path("printerId").isString() ? job.get("printerId").asString() : null;
		java.time.OffsetDateTime printedAt = job.path("printedAt").isString()
				? java.time.OffsetDateTime.parse(job.get("printedAt").asString()) : null;
		return new BadgeStatus(job.path("attendeeId").asString(), status, printerId, printedAt,
				job.path("credentialVersion").asInt());
	}

}
