package io.eventops.reconciler.stream;

import java.time.Duration;

import io.eventops.reconciler.web.DomainException;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The internal stream endpoints the edge serves kiosk caches from.
 */
@RestController
class StreamController {

	private static final int MAX_LIMIT = 1000;

	private static final int MAX_WAIT_SECONDS = 30;

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
			@RequestParam(defaultValue = "500") int limit, @RequestParam(defaultValue = "0") int waitSeconds)
			throws InterruptedException {
		if (after < 0 || limit < 1 || limit > MAX_LIMIT || waitSeconds < 0 || waitSeconds > MAX_WAIT_SECONDS) {
			throw DomainException.invalid("invalid-stream-request",
					"after must be >= 0, limit 1–" + MAX_LIMIT + ", waitSeconds 0–" + MAX_WAIT_SECONDS + ".");
		}
		return this.reader.changes(eventId, after, limit, Duration.ofSeconds(waitSeconds));
	}

}
