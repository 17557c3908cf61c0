package io.eventops.console.upstream;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import tools.jackson.databind.JsonNode;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/**
 * The reconciler's admin API as the console uses it: the search for attendees, an
 * attendee with their check-ins and badge jobs, desk corrections, reprints, annulments,
 * express codes, the areas' counts and occupancy, rule overrides and the quarantine.
 */
public final class ReconcilerClient {

	private final RestClient client;

	ReconcilerClient(RestClient client) {
		this.client = client;
	}

	public ResponseEntity<JsonNode> findAttendees(String eventId, String query, Integer limit) {
		return Answers.of(this.client.get()
			.uri((uri) -> uri.path("/admin/v1/events/{eventId}/attendees")
				.queryParam("q", "{q}")
				.queryParamIfPresent("limit", Optional.ofNullable(limit))
				.build(eventId, (query != null) ? query : "")));
	}

	public ResponseEntity<JsonNode> attendee(String attendeeId) {
		return Answers.of(this.client.get().uri("/admin/v1/attendees/{id}", attendeeId));
	}

	public ResponseEntity<JsonNode> correct(String attendeeId, Correction correction) {
		return post("/admin/v1/attendees/{id}/corrections", correction, attendeeId);
	}

	public ResponseEntity<JsonNode> reprint(String attendeeId, Reason reason) {
		return post("/admin/v1/attendees/{id}/reprint", reason, attendeeId);
	}

	public ResponseEntity<JsonNode> annul(String attendeeId, Annulment annulment) {
		return post("/admin/v1/attendees/{id}/annul", annulment, attendeeId);
	}

	public ResponseEntity<JsonNode> expressCode(String eventId, ExpressCodeRequest request) {
		return post("/admin/v1/events/{eventId}/express-codes", request, eventId);
	}

	public ResponseEntity<JsonNode> areas(String eventId) {
		return Answers.of(this.client.get().uri("/admin/v1/events/{eventId}/areas", eventId));
	}

	public ResponseEntity<JsonNode> occupancy(String eventId, String areaId) {
		return Answers
			.of(this.client.get().uri("/admin/v1/events/{eventId}/areas/{areaId}/occupancy", eventId, areaId));
	}

	public ResponseEntity<JsonNode> policy(String eventId) {
		return Answers.of(this.client.get().uri("/admin/v1/events/{eventId}/policy", eventId));
	}

	public ResponseEntity<JsonNode> ruleOverrides(String eventId) {
		return Answers.of(this.client.get().uri("/admin/v1/events/{eventId}/rule-overrides", eventId));
	}

	public ResponseEntity<JsonNode> rejections(String kioskId, String reason, String attendeeId) {
		return Answers.of(this.client.get()
			.uri((uri) -> uri.path("/admin/v1/rejections")
				.queryParamIfPresent("kioskId", Optional.ofNullable(kioskId))
				.queryParamIfPresent("reason", Optional.ofNullable(reason))
				.queryParamIfPresent("attendeeId", Optional.ofNullable(attendeeId))
				.build()));
	}

	public ResponseEntity<JsonNode> redrive(long rejectionId) {
		return Answers.of(this.client.post().uri("/admin/v1/rejections/{id}/redrive", rejectionId));
	}

	private ResponseEntity<JsonNode> post(String path, Object body, Object... variables) {
		return Answers.of(this.client.post().uri(path, variables).contentType(MediaType.APPLICATION_JSON).body(body));
	}

	/**
	 * A desk correction: the fields to change (null: unchanged) and why.
	 *
	 * @param displayName the corrected name
	 * @param company the corrected company
	 * @param tier the corrected tier
	 * @param reason why (the reconciler requires it)
	 */
	public record Correction(String displayName, String company, String tier, String reason) {
	}

	/**
	 * Why an action is taken.
	 *
	 * @param reason the reason (the reconciler requires it)
	 */
	public record Reason(String reason) {
	}

	/**
	 * An annulment of the attendee's current admission.
	 *
	 * @param idempotencyKey the page's key for this one action: sending it again changes
	 * nothing
	 * @param reason why
	 */
	public record Annulment(String idempotencyKey, String reason) {
	}

	/**
	 * A new express code.
	 *
	 * @param attendeeIds who it admits
	 * @param expiresAt until when, or null for the reconciler's default
	 */
	public record ExpressCodeRequest(List<String> attendeeIds, Instant expiresAt) {
	}

}
