package io.eventops.agent.screen;

import java.io.IOException;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import io.eventops.agent.AgentStatus;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.log.DeadLetter;
import io.eventops.model.time.Rfc3339;
import tools.jackson.databind.JsonNode;

/**
 * Staff mode behind the PIN: a short session (five minutes from the last use), the sync
 * state, backlog and dead letters, a forced flush, the screen's language, and a health
 * summary. Sessions live in this process only: a kiosk is one agent, and a restart asks
 * for the PIN again.
 */
final class StaffApi {

	static final Duration SESSION = Duration.ofMinutes(5);

	private static final Duration FLUSH_WAIT = Duration.ofSeconds(10);

	private final KioskAgent agent;

	private final EdgeLink link;

	private final StaffPin pin;

	private final Clock clock;

	private final AtomicReference<String> language;

	private final Map<String, Instant> sessions = new ConcurrentHashMap<>();

	private final SecureRandom random = new SecureRandom();

	StaffApi(KioskAgent agent, EdgeLink link, StaffPin pin, Clock clock, AtomicReference<String> language) {
		this.agent = agent;
		this.link = link;
		this.pin = pin;
		this.clock = clock;
		this.language = language;
	}

	void login(HttpExchange exchange) throws IOException {
		JsonNode body = Http.body(exchange);
		String typed = (body != null) ? Http.text(body, "pin") : null;
		StaffPin.Verdict verdict = this.pin.check(typed);
		if (verdict.accepted()) {
			byte[] bytes = new byte[24];
			this.random.nextBytes(bytes);
			String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
			this.sessions.put(token, this.clock.instant().plus(SESSION));
			Http.send(exchange, 201, Map.of("token", token, "expiresInSeconds", SESSION.toSeconds()));
			return;
		}
		if (verdict.lockedFor() != null) {
			exchange.getResponseHeaders().set("Retry-After", Long.toString(verdict.lockedFor().toSeconds()));
			Http.problem(exchange, 429, "pin-locked", "too many wrong PINs",
					Map.of("retryAfterSeconds", verdict.lockedFor().toSeconds()));
			return;
		}
		Http.problem(exchange, 401, "wrong-pin", "the PIN is not right");
	}

	/**
	 * Whether the request carries a live session (and extends it).
	 * @param exchange the exchange
	 * @return true when allowed; otherwise a 401 problem was sent
	 * @throws IOException when the answer cannot be written
	 */
	boolean authorised(HttpExchange exchange) throws IOException {
		String header = exchange.getRequestHeaders().getFirst("Authorization");
		String token = (header != null && header.startsWith("Bearer ")) ? header.substring(7).trim() : null;
		Instant now = this.clock.instant();
		this.sessions.values().removeIf(now::isAfter);
		if (token != null && this.sessions.containsKey(token)) {
			this.sessions.put(token, now.plus(SESSION));
			return true;
		}
		Http.problem(exchange, 401, "staff-session-required", "type the staff PIN first");
		return false;
	}

	void logout(HttpExchange exchange) throws IOException {
		String header = exchange.getRequestHeaders().getFirst("Authorization");
		if (header != null && header.startsWith("Bearer ")) {
			this.sessions.remove(header.substring(7).trim());
		}
		exchange.sendResponseHeaders(204, -1);
		exchange.close();
	}

	void summary(HttpExchange exchange) throws IOException {
		Http.send(exchange, 200, summary());
	}

	void flush(HttpExchange exchange) throws IOException {
		// the background loop does the sending (one sender at a time keeps the watermark
		// simple); waking it skips its backoff wait
		this.agent.wake();
		long deadline = this.clock.millis() + FLUSH_WAIT.toMillis();
		while (this.agent.status().pending() > 0 && this.clock.millis() < deadline) {
			try {
				Thread.sleep(100);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		Http.send(exchange, 200, summary());
	}

	void language(HttpExchange exchange) throws IOException {
		JsonNode body = Http.body(exchange);
		String chosen = (body != null) ? Http.text(body, "language") : null;
		if (chosen == null || !ScreenSettings.LANGUAGES.contains(chosen)) {
			Http.problem(exchange, 400, "unknown-language", "language must be one of " + ScreenSettings.LANGUAGES, Map
				.of("errors", List.of(Map.of("field", "language", "message", "one of " + ScreenSettings.LANGUAGES))));
			return;
		}
		this.language.set(chosen);
		Http.send(exchange, 200, Map.of("language", chosen));
	}

	private Map<String, Object> summary() {
		AgentStatus status = this.agent.status();
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("kioskId", status.kioskId());
		body.put("online", this.link.online());
		body.put("lastContact", (this.link.lastContact() != null) ? this.link.lastContact().toString() : null);
		body.put("lastProblem", this.link.lastProblem());
		body.put("lastSeq", status.lastSeq());
		body.put("watermark", status.watermark());
		body.put("backlog", status.pending());
		body.put("storedEntries", status.storedEntries());
		body.put("outcomes", status.outcomes());
		body.put("sequenceKnown", status.sequenceKnown());
		body.put("lastError", status.lastError());
		body.put("lastErrorAt", (status.lastErrorAt() != null) ? Rfc3339.format(status.lastErrorAt()) : null);
		body.put("lastSuccessAt", (status.lastSuccessAt() != null) ? Rfc3339.format(status.lastSuccessAt()) : null);
		List<Map<String, Object>> dead = new ArrayList<>();
		for (DeadLetter letter : status.deadLetters()) {
			dead.add(Map.of("seq", letter.seq(), "attendeeId", letter.attendeeId(), "status", letter.status(), "detail",
					String.valueOf(letter.detail()), "deadAt", Rfc3339.format(letter.deadAt())));
		}
		body.put("deadLetters", dead);
		body.put("cacheAttendees", this.agent.cache().size());
		body.put("cacheStreamSeq", this.agent.cache().streamSeq());
		body.put("eventId", this.agent.cache().eventId());
		body.put("language", this.language.get());
		// the admission allowance at an area with a capacity (invariant 14)
		body.put("allowance", this.agent.allowance().map((allowance) -> {
			Map<String, Object> places = new LinkedHashMap<>();
			places.put("areaId", allowance.areaId());
			places.put("placesLeft", allowance.placesLeft());
			places.put("places", allowance.places());
			places.put("leaseUntil", (allowance.leaseUntil() != null) ? Rfc3339.format(allowance.leaseUntil()) : null);
			return places;
		}).orElse(null));
		// who is inside the kiosk's area now, as the server counts it (invariant 13)
		body.put("occupancy", this.agent.occupancy().orElse(null));
		body.put("health", health(status));
		return body;
	}

	private Map<String, Object> health(AgentStatus status) {
		Map<String, Object> health = new LinkedHashMap<>();
		health.put("edge", this.link.online() ? "UP" : "DOWN");
		health.put("log", status.sequenceKnown() ? "OK" : "SEQUENCE_UNKNOWN");
		health.put("deadLetters", status.deadLetters().isEmpty() ? "NONE" : "ATTENTION");
		health.put("cache", (this.agent.cache().eventId() != null) ? "OK" : "EMPTY");
		long free;
		try {
			free = Files.getFileStore(this.agent.config().database().toAbsolutePath().getParent()).getUsableSpace();
		}
		catch (IOException ex) {
			free = -1;
		}
		health.put("diskFreeBytes", free);
		return health;
	}

}
