package io.eventops.edge.passthrough;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.web.EdgeException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Serves kiosk caches their event's snapshot and the changes after a {@code streamSeq},
 * as a long poll or as Server-Sent Events resumable with {@code Last-Event-ID} (invariant
 * 10).
 */
@RestController
class KioskCacheController {

	private static final int MAX_WAIT_SECONDS = 30;

	// an SSE connection lives this long; the kiosk reconnects with Last-Event-ID
	private static final Duration STREAM_LIFETIME = Duration.ofMinutes(5);

	private final ReconcilerPassThrough reconciler;

	private final JsonMapper json;

	private final ExecutorService streams = Executors.newVirtualThreadPerTaskExecutor();

	KioskCacheController(ReconcilerPassThrough reconciler, JsonMapper json) {
		this.reconciler = reconciler;
		this.json = json;
	}

	@GetMapping("/v1/kiosks/{kioskId}/snapshot")
	ResponseEntity<String> snapshot(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId) {
		return relay(this.reconciler.get("/internal/v1/events/" + kiosk.eventId() + "/snapshot", Duration.ZERO));
	}

	@GetMapping("/v1/kiosks/{kioskId}/changes")
	ResponseEntity<String> changes(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId,
			@RequestParam(defaultValue = "0") long after, @RequestParam(defaultValue = "500") int limit,
			@RequestParam(defaultValue = "0") int waitSeconds) {
		check(after, waitSeconds);
		return relay(
				this.reconciler.get(changesPath(kiosk, after, limit, waitSeconds), Duration.ofSeconds(waitSeconds)));
	}

	@GetMapping(path = "/v1/kiosks/{kioskId}/changes/stream", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	SseEmitter stream(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId,
			@RequestHeader(name = "Last-Event-ID", required = false) Long lastEventId,
			@RequestParam(required = false) Long after) {
		long from = (lastEventId != null) ? lastEventId : ((after != null) ? after : 0);
		check(from, 0);
		SseEmitter emitter = new SseEmitter(STREAM_LIFETIME.toMillis());
		long deadline = System.nanoTime() + STREAM_LIFETIME.minusSeconds(MAX_WAIT_SECONDS + 5).toNanos();
		this.streams.submit(() -> pump(kiosk, from, emitter, deadline));
		return emitter;
	}

	private void pump(KioskPrincipal kiosk, long from, SseEmitter emitter, long deadline) {
		long last = from;
		try {
			while (System.nanoTime() < deadline) {
				ReconcilerPassThrough.Answer answer = this.reconciler.get(changesPath(kiosk, last, 500, 25),
						Duration.ofSeconds(25));
				if (answer.status() != 200) {
					break;
				}
				JsonNode page = this.json.readTree(answer.body());
				for (JsonNode change : page.get("changes")) {
					long seq = change.get("streamSeq").asLong();
					emitter.send(SseEmitter.event()
						.id(Long.toString(seq))
						.name(change.get("kind").asString())
						.data(change.toString(), MediaType.APPLICATION_JSON));
					last = seq;
				}
				if (page.get("changes").isEmpty()) {
					emitter.send(SseEmitter.event().comment("keep-alive"));
				}
			}
			emitter.complete();
		}
		catch (IOException | RuntimeException ex) {
			// the kiosk went away or the reconciler did: the kiosk resumes with
			// Last-Event-ID
			emitter.completeWithError(ex);
		}
	}

	private static String changesPath(KioskPrincipal kiosk, long after, int limit, int waitSeconds) {
		return "/internal/v1/events/" + kiosk.eventId() + "/changes?after=" + after + "&limit=" + limit
				+ "&waitSeconds=" + waitSeconds;
	}

	private static void check(long after, int waitSeconds) {
		if (after < 0 || waitSeconds < 0 || waitSeconds > MAX_WAIT_SECONDS) {
			throw EdgeException.badRequest((after < 0) ? "after" : "waitSeconds",
					"after must be >= 0 and waitSeconds 0–" + MAX_WAIT_SECONDS);
		}
	}

	static ResponseEntity<String> relay(ReconcilerPassThrough.Answer answer) {
		return ResponseEntity.status(answer.status())
			.contentType(MediaType.parseMediaType(answer.contentType()))
			.body(answer.body());
	}

}
