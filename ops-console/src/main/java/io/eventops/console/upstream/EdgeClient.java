package io.eventops.console.upstream;

import jakarta.validation.constraints.NotBlank;
import tools.jackson.databind.JsonNode;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/**
 * The edge's admin API as the console uses it: the kiosks with their backlog, gaps, last
 * contact and revocation, one-time enrolment codes, token rotation, and revocation with a
 * mode.
 */
public final class EdgeClient {

	private final RestClient client;

	EdgeClient(RestClient client) {
		this.client = client;
	}

	public ResponseEntity<JsonNode> kiosks() {
		return Answers.of(this.client.get().uri("/admin/v1/kiosks"));
	}

	public ResponseEntity<JsonNode> enrol(Enrolment enrolment) {
		return Answers
			.of(this.client.post().uri("/admin/v1/enrolments").contentType(MediaType.APPLICATION_JSON).body(enrolment));
	}

	public ResponseEntity<JsonNode> revoke(String kioskId, Revocation revocation) {
		return Answers.of(this.client.post()
			.uri("/admin/v1/kiosks/{id}/revoke", kioskId)
			.contentType(MediaType.APPLICATION_JSON)
			.body(revocation));
	}

	public ResponseEntity<JsonNode> rotate(String kioskId) {
		return Answers.of(this.client.post().uri("/admin/v1/kiosks/{id}/rotate", kioskId));
	}

	/**
	 * A revocation's request, as the edge takes it. The console always names the mode:
	 * the edge reads a revocation without one as {@code LOST}, which a desk must choose,
	 * not fall into.
	 *
	 * @param mode {@code RETIRE} (the kiosk may flush what it holds for the edge's retire
	 * grace, then its token stops) or {@code LOST} (its token is refused at once); the
	 * edge judges the value
	 */
	public record Revocation(@NotBlank String mode) {
	}

	/**
	 * A one-time enrolment code's request, as the edge takes it.
	 *
	 * @param eventId the event
	 * @param kioskId the kiosk's id, or null for one the edge chooses
	 * @param areaId the kiosk's area, or null
	 * @param direction ENTRY, EXIT or BOTH, or null for ENTRY
	 * @param profile KIOSK, DESK or EXIT, or null for KIOSK
	 * @param printerPool the pool its badges print in
	 * @param expiresInMinutes how long the code is valid
	 */
	public record Enrolment(String eventId, String kioskId, String areaId, String direction, String profile,
			String printerPool, Integer expiresInMinutes) {
	}

}
