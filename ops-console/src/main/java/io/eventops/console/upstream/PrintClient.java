package io.eventops.console.upstream;

import java.util.Optional;

import tools.jackson.databind.JsonNode;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/**
 * The print orchestrator's admin API as the console uses it: printers and their queues,
 * print jobs, failover, probe print, enable, disable, and pausing dispatch.
 */
public final class PrintClient {

	private final RestClient client;

	PrintClient(RestClient client) {
		this.client = client;
	}

	public ResponseEntity<JsonNode> printers() {
		return Answers.of(this.client.get().uri("/admin/v1/printers"));
	}

	public ResponseEntity<JsonNode> printJobs(String attendeeId, String state) {
		return printJobs(attendeeId, state, null);
	}

	public ResponseEntity<JsonNode> printJobs(String attendeeId, String state, Boolean possibleDuplicate) {
		return Answers.of(this.client.get()
			.uri((uri) -> uri.path("/admin/v1/print-jobs")
				.queryParamIfPresent("attendeeId", Optional.ofNullable(attendeeId))
				.queryParamIfPresent("state", Optional.ofNullable(state))
				.queryParamIfPresent("possibleDuplicate", Optional.ofNullable(possibleDuplicate))
				.build()));
	}

	public ResponseEntity<JsonNode> failover(String printerId, Failover failover) {
		return Answers.of(this.client.post()
			.uri("/admin/v1/printers/{id}/failover", printerId)
			.contentType(MediaType.APPLICATION_JSON)
			.body(failover));
	}

	public ResponseEntity<JsonNode> enable(String printerId) {
		return Answers.of(this.client.post().uri("/admin/v1/printers/{id}/enable", printerId));
	}

	public ResponseEntity<JsonNode> disable(String printerId) {
		return Answers.of(this.client.post().uri("/admin/v1/printers/{id}/disable", printerId));
	}

	public ResponseEntity<JsonNode> probePrint(String printerId) {
		return Answers.of(this.client.post().uri("/admin/v1/printers/{id}/probe-print", printerId));
	}

	public ResponseEntity<JsonNode> dispatch() {
		return Answers.of(this.client.get().uri("/admin/v1/dispatch"));
	}

	public ResponseEntity<JsonNode> pause(Pause pause) {
		return Answers
			.of(this.client.post().uri("/admin/v1/dispatch/pause").contentType(MediaType.APPLICATION_JSON).body(pause));
	}

	public ResponseEntity<JsonNode> resume() {
		return Answers.of(this.client.post().uri("/admin/v1/dispatch/resume"));
	}

	/**
	 * Where a failover moves the jobs.
	 *
	 * @param backupPrinterId the backup, or null for the pool's choice
	 */
	public record Failover(String backupPrinterId) {
	}

	/**
	 * How long dispatch pauses.
	 *
	 * @param ttlSeconds seconds until it resumes by itself
	 */
	public record Pause(Long ttlSeconds) {
	}

}
