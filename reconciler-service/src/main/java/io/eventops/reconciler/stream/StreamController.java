package io.eventops.reconciler.stream;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The internal stream endpoints the edge serves kiosk caches from; they answer at once
 * (the edge does the waiting of long polls and streams).
 */
@RestController
class StreamController {

	private static final int MAX_LIMIT = 1000;

	private final StreamReader reader;

	StreamController(StreamReader reader) {
		this.reader = reader;
	}

	@GetMapping("/internal/v1/events/{eventId}/snapshot")
	StreamReader.Snapshot snapshot(@PathVariable String eventId) {
		return this.reader.snapshot(eventId);
	}

	@GetMapping("/internal/v1/events/{eventId}/changes")
	StreamReader.Changes changes(@PathVariable String eventId, @RequestParam(defaultValue = "0") long after,
			@RequestParam(defaultValue = "500") int limit) {
		if (after < 0 || limit < 1 || limit > MAX_LIMIT) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_STREAM_REQUEST,
					"after must be >= 0 and limit 1–" + MAX_LIMIT + ".");
		}
		return this.reader.changes(eventId, after, limit);
	}

}
