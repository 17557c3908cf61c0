package io.eventops.edge.passthrough;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.stream.ChangeNotifications;
import io.eventops.edge.stream.ChangeWait;
import io.eventops.edge.stream.StreamSlots;
import io.eventops.edge.web.EdgeException;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves kiosk caches their event's snapshot and the changes after a {@code streamSeq},
 * as a long poll or as Server-Sent Events resumable with {@code Last-Event-ID} (invariant
 * 10). A long poll or stream holds one of the kiosk's slots ({@link StreamSlots},
 * invariant 11) and waits on this replica for the change notification, asking the
 * reconciler only when one came or the safety poll elapsed; the reconciler answers every
 * call at once.
 */
@RestController
class KioskCacheController {

	/** The SSE event that tells a cache its position was pruned: take a new snapshot. */
	static final String RESYNC_EVENT = "resync";

	private static final int MAX_WAIT_SECONDS = 30;

	private static final int STREAM_PAGE = 500;

	// an SSE connection lives this long; the kiosk reconnects with Last-Event-ID
	private static final Duration STREAM_LIFETIME = Duration.ofMinutes(5);

	// a quiet stream sends a comment this often, so proxies keep it and a gone kiosk is
	// noticed (its slot freed) within this time
	private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

	private final ReconcilerPassThrough reconciler;

	private final JsonMapper json;

	private final StreamSlots slots;

	private final ChangeNotifications notifications;

	KioskCacheController(ReconcilerPassThrough reconciler, JsonMapper json, StreamSlots slots,
			ChangeNotifications notifications) {
		this.reconciler = reconciler;
		this.json = json;
		this.slots = slots;
		this.notifications = notifications;
	}

	@GetMapping("/v1/kiosks/{kioskId}/snapshot")
	ResponseEntity<String> snapshot(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId) {
		return relay(this.reconciler.get("/internal/v1/events/" + kiosk.eventId() + "/snapshot"));
	}

	@GetMapping("/v1/kiosks/{kioskId}/changes")
	ResponseEntity<String> changes(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId,
			@RequestParam(defaultValue = "0") long after, @RequestParam(defaultValue = "500") int limit,
			@RequestParam(defaultValue = "0") int waitSeconds) throws InterruptedException {
		check(after, waitSeconds);
		String path = changesPath(kiosk, after, limit);
		if (waitSeconds == 0) {
			return relay(this.reconciler.get(path));
		}
		long deadline = System.nanoTime() + Duration.ofSeconds(waitSeconds).toNanos();
		// request threads are virtual: a parked long poll costs its slot, not a thread
		try (StreamSlots.Slot slot = this.slots.acquire(kiosk.kioskId());
				ChangeWait wait = this.notifications.register(kiosk.eventId())) {
			while (true) {
				ReconcilerPassThrough.Answer answer = this.reconciler.get(path);
				if (answer.status() != 200 || hasChanges(answer) || System.nanoTime() >= deadline
						|| this.notifications.stopping()) {
					return relay(answer);
				}
				wait.awaitChange(deadline);
			}
		}
	}

	// Written on the request's own (virtual) thread rather than through SseEmitter: an
	// emitter completes with an async dispatch, which the kiosk token filter does not
	// authenticate, so every stream the server ended was cut off instead of closed.
	@GetMapping(path = "/v1/kiosks/{kioskId}/changes/stream", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	void stream(@AuthenticationPrincipal KioskPrincipal kiosk, @PathVariable String kioskId,
			@RequestHeader(name = "Last-Event-ID", required = false) Long lastEventId,
			@RequestParam(required = false) Long after, HttpServletResponse response) {
		long from = (lastEventId != null) ? lastEventId : ((after != null) ? after : 0);
		check(from, 0);
		long deadline = System.nanoTime() + STREAM_LIFETIME.toNanos();
		try (StreamSlots.Slot slot = this.slots.acquire(kiosk.kioskId());
				ChangeWait wait = this.notifications.register(kiosk.eventId())) {
			response.setContentType(MediaType.TEXT_EVENT_STREAM_VALUE);
			response.setCharacterEncoding(StandardCharsets.UTF_8.name());
			response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
			PrintWriter out = response.getWriter();
			response.flushBuffer();
			pump(kiosk, from, wait, deadline, new EventWriter(out));
		}
		catch (IOException ex) {
			// the kiosk hung up: its slot is free again, and it resumes with
			// Last-Event-ID
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void pump(KioskPrincipal kiosk, long from, ChangeWait wait, long deadline, EventWriter events)
			throws IOException, InterruptedException {
		long last = from;
		long lastSent = System.nanoTime();
		while (System.nanoTime() < deadline && !this.notifications.stopping()) {
			ReconcilerPassThrough.Answer answer;
			try {
				answer = this.reconciler.get(changesPath(kiosk, last, STREAM_PAGE));
			}
			catch (EdgeException ex) {
				// the reconciler went away: the kiosk resumes with Last-Event-ID
				return;
			}
			if (answer.status() == 410) {
				// the changes after this position were pruned: ending silently would
				// leave
				// the cache reconnecting into the same hole
				events.send(null, RESYNC_EVENT, answer.body());
				return;
			}
			if (answer.status() != 200) {
				return;
			}
			JsonNode page = this.json.readTree(answer.body());
			for (JsonNode change : page.get("changes")) {
				long seq = change.get("streamSeq").asLong();
				events.send(Long.toString(seq), change.get("kind").asString(), change.toString());
				last = seq;
				lastSent = System.nanoTime();
			}
			if (page.get("changes").size() == STREAM_PAGE) {
				continue;
			}
			if (System.nanoTime() - lastSent >= KEEP_ALIVE.toNanos()) {
				events.comment("keep-alive");
				lastSent = System.nanoTime();
			}
			wait.awaitChange(Math.min(deadline, lastSent + KEEP_ALIVE.toNanos()));
		}
	}

	private boolean hasChanges(ReconcilerPassThrough.Answer answer) {
		JsonNode changes = this.json.readTree(answer.body()).get("changes");
		return changes != null && !changes.isEmpty();
	}

	private static String changesPath(KioskPrincipal kiosk, long after, int limit) {
		return "/internal/v1/events/" + kiosk.eventId() + "/changes?after=" + after + "&limit=" + limit;
	}

	private static void check(long after, int waitSeconds) {
		if (after < 0 || waitSeconds < 0 || waitSeconds > MAX_WAIT_SECONDS) {
			throw EdgeException.malformedStreamRequest((after < 0) ? "after" : "waitSeconds",
					"after must be >= 0 and waitSeconds 0–" + MAX_WAIT_SECONDS);
		}
	}

	static ResponseEntity<String> relay(ReconcilerPassThrough.Answer answer) {
		return ResponseEntity.status(answer.status())
			.contentType(MediaType.parseMediaType(answer.contentType()))
			.body(answer.body());
	}

}
