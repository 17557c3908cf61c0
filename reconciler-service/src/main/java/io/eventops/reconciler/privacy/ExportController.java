package io.eventops.reconciler.privacy;

import java.nio.charset.StandardCharsets;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Exports of personal data for admins (issue #38): an event's attendees, streamed, as CSV
 * or JSON; one person's data as JSON.
 */
@RestController
class ExportController {

	private static final MediaType CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

	private final Exports exports;

	ExportController(Exports exports) {
		this.exports = exports;
	}

	@GetMapping("/admin/v1/events/{eventId}/export")
	ResponseEntity<StreamingResponseBody> exportEvent(@PathVariable String eventId,
			@RequestParam(defaultValue = "json") String format) {
		boolean csv = switch (format) {
			case "csv" -> true;
			case "json" -> false;
			default -> throw DomainException.invalid(ReconcilerProblem.INVALID_EXPORT_FORMAT,
					"format must be csv or json; nothing was exported.");
		};
		if (!this.exports.eventExists(eventId)) {
			throw DomainException.notFound("Event", eventId);
		}
		StreamingResponseBody body = csv ? (out) -> this.exports.writeCsv(eventId, out)
				: (out) -> this.exports.writeJson(eventId, out);
		return ResponseEntity.ok()
			.contentType(csv ? CSV : MediaType.APPLICATION_JSON)
			.header(HttpHeaders.CONTENT_DISPOSITION,
					"attachment; filename=\"" + eventId + "-attendees." + (csv ? "csv" : "json") + "\"")
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(body);
	}

	@GetMapping(path = "/admin/v1/attendees/{attendeeId}/export", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<String> exportAttendee(@PathVariable String attendeeId) {
		String person = this.exports.person(attendeeId)
			.orElseThrow(() -> DomainException.notFound("Attendee", attendeeId));
		return ResponseEntity.ok().header(HttpHeaders.CACHE_CONTROL, "no-store").body(person);
	}

}
