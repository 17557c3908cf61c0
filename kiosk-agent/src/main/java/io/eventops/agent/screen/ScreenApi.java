package io.eventops.agent.screen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import io.eventops.agent.AgentStatus;
import io.eventops.agent.CheckIn;
import io.eventops.agent.CheckInReceipt;
import io.eventops.agent.ExpressCodeOfflineException;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.admission.Admission;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.cache.KioskPlacement;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.log.EntryState;
import io.eventops.agent.log.EntryTooLargeException;
import io.eventops.agent.log.SequenceConflictException;
import io.eventops.model.express.ExpressCodeText;
import io.eventops.model.flush.EntryType;
import io.eventops.model.time.Rfc3339;
import tools.jackson.databind.JsonNode;

/**
 * The attendee side of the screen's API: search, check in (by choice or by scan), express
 * codes, badge status and the kiosk's status line. A check-in is answered only after the
 * agent's log committed it; the answer then says whether the edge has it yet ("checked
 * in"), the kiosk keeps it until the edge is back ("saved on this kiosk"), or the edge
 * refused it on its own and it waits for staff ("ask staff").
 */
final class ScreenApi {

	static final Pattern ATTENDEE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

	private static final int SEARCH_LIMIT = 8;

	// how long a confirmation waits for the edge's acknowledgement before it says "saved
	// on this kiosk"; the entry is durable either way
	private static final Duration ACK_WAIT = Duration.ofSeconds(5);

	private final KioskAgent agent;

	private final EdgeLink link;

	private final ScreenSettings settings;

	private final Clock clock;

	ScreenApi(KioskAgent agent, EdgeLink link, ScreenSettings settings, Clock clock) {
		this.agent = agent;
		this.link = link;
		this.settings = settings;
		this.clock = clock;
	}

	void status(HttpExchange exchange, String language) throws IOException {
		AgentStatus status = this.agent.status();
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("kioskId", status.kioskId());
		body.put("eventId", this.agent.cache().eventId());
		body.put("online", this.link.online());
		body.put("ready", status.sequenceKnown() && this.agent.cache().eventId() != null && status.revoked() == null);
		// taken out of service by the edge (issue #37): the screen says so instead of
		// searching an emptied cache
		body.put("revoked", status.revoked() != null);
		body.put("backlog", status.pending());
		body.put("deadLetters", status.deadLetters().size());
		body.put("attendees", this.agent.cache().size());
		body.put("idleResetSeconds", this.settings.idleReset().toSeconds());
		body.put("language", language);
		body.put("languages", ScreenSettings.LANGUAGES);
		// where the kiosk stands (#35): a BOTH kiosk offers "I am leaving", an EXIT kiosk
		// says it records exits, and under the policy a checked-in attendee is decided
		// again rather than told "already checked in"
		KioskPlacement placement = this.agent.cache().placement();
		body.put("areaId", placement.areaId());
		body.put("direction", placement.direction().name());
		body.put("accessControl", this.agent.underPolicy(false));
		Http.send(exchange, 200, body);
	}

	void search(HttpExchange exchange) throws IOException {
		String query = Http.query(exchange).getOrDefault("q", "");
		if (query.length() > 100) {
			Http.problem(exchange, 400, "malformed-search", "q must be at most 100 characters");
			return;
		}
		long started = System.nanoTime();
		List<CachedAttendee> found = this.agent.cache().search(query, SEARCH_LIMIT);
		long micros = (System.nanoTime() - started) / 1000;
		List<Map<String, Object>> results = new ArrayList<>();
		for (CachedAttendee attendee : found) {
			results.add(view(attendee));
		}
		Http.send(exchange, 200, Map.of("query", query, "results", results, "micros", micros));
	}

	void attendee(HttpExchange exchange, String attendeeId) throws IOException {
		Optional<CachedAttendee> attendee = this.agent.cache().find(attendeeId);
		if (attendee.isEmpty()) {
			Http.problem(exchange, 404, "unknown-attendee", "This kiosk's cache does not know " + attendeeId);
			return;
		}
		Http.send(exchange, 200, view(attendee.get()));
	}

	void checkIn(HttpExchange exchange) throws IOException {
		JsonNode body = Http.body(exchange);
		String attendeeId = (body != null) ? Http.text(body, "attendeeId") : null;
		if (attendeeId == null || !ATTENDEE_ID.matcher(attendeeId).matches()) {
			Http.problem(exchange, 400, "malformed-check-in", "attendeeId must be 1-64 of [A-Za-z0-9_.:-]",
					Map.of("errors", List.of(Map.of("field", "attendeeId", "message", "1-64 of [A-Za-z0-9_.:-]"))));
			return;
		}
		record(exchange, attendeeId, -1, leaving(body));
	}

	// a kiosk of direction BOTH asks whether the attendee is leaving (#35)
	private static boolean leaving(JsonNode body) {
		return body != null && body.path("leaving").isBoolean() && body.get("leaving").asBoolean();
	}

	/**
	 * A keyboard-wedge scan: the badge's QR credential
	 * ({@code EVT1:{eventId}:{attendeeId}:{credentialVersion}}) or a bare attendee id
	 * (printed tickets), checked in at once.
	 */
	void scan(HttpExchange exchange) throws IOException {
		JsonNode body = Http.body(exchange);
		String text = (body != null) ? Http.text(body, "text") : null;
		if (text == null || text.isBlank() || text.length() > 200) {
			Http.problem(exchange, 400, "malformed-scan", "text is required (at most 200 characters)");
			return;
		}
		String scanned = text.strip();
		String attendeeId = scanned;
		int credential = -1;
		if (scanned.startsWith("EVT1:")) {
			String[] parts = scanned.split(":", -1);
			if (parts.length != 4 || !ATTENDEE_ID.matcher(parts[2]).matches() || !parts[3].matches("[0-9]{1,6}")) {
				Http.problem(exchange, 422, "unreadable-scan", "not a credential this suite issues");
				return;
			}
			String eventId = this.agent.cache().eventId();
			if (eventId != null && !eventId.equals(parts[1])) {
				Http.problem(exchange, 422, "wrong-event", "the credential is for another event");
				return;
			}
			attendeeId = parts[2];
			credential = Integer.parseInt(parts[3]);
		}
		else if (!ATTENDEE_ID.matcher(scanned).matches()) {
			Http.problem(exchange, 422, "unreadable-scan", "not a ticket or badge code");
			return;
		}
		record(exchange, attendeeId, credential, leaving(body));
	}

	private void record(HttpExchange exchange, String attendeeId, int credential, boolean leaving) throws IOException {
		if (this.agent.revocation() != null) {
			Http.problem(exchange, 403, "device-revoked",
					"this kiosk was taken out of service and admits no one; call staff");
			return;
		}
		Optional<CachedAttendee> cached = this.agent.cache().find(attendeeId);
		if (cached.isEmpty()) {
			Http.problem(exchange, 404, "unknown-attendee", "This kiosk's cache does not know " + attendeeId);
			return;
		}
		CachedAttendee attendee = cached.get();
		if (credential >= 0 && credential < attendee.credentialVersion()) {
			// a reprint revoked this badge: the attendee holds an old one
			Http.problem(exchange, 409, "replaced-credential", "the scanned badge was replaced by a reprint",
					Map.of("attendee", view(attendee)));
			return;
		}
		if (this.agent.underPolicy(leaving)) {
			pass(exchange, attendee, leaving);
			return;
		}
		if (attendee.checkedIn() || this.agent.latestEntryFor(attendeeId).isPresent()) {
			alreadyCheckedIn(exchange, attendeeId, attendee);
			return;
		}
		Optional<CheckInReceipt> committed;
		try {
			// the check above is for the answer; this one decides: two scans at once
			// both pass the check, and only one may append
			committed = this.agent.checkInOnce(CheckIn.of(attendeeId));
		}
		catch (UncheckedIOException ex) {
			Http.problem(exchange, 503, "not-ready", "the kiosk has not learnt its sequence from the edge yet");
			return;
		}
		catch (SequenceConflictException ex) {
			Http.problem(exchange, 503, "log-restored",
					"this kiosk's log was restored from an older copy and records nothing more; call staff");
			return;
		}
		catch (EntryTooLargeException ex) {
			Http.problem(exchange, 422, "not-recorded", "the entry exceeds the log's entry size limit");
			return;
		}
		if (committed.isEmpty()) {
			alreadyCheckedIn(exchange, attendeeId, attendee);
			return;
		}
		CheckInReceipt receipt = committed.get();
		EntryState state = awaitAcknowledgement(attendeeId, receipt.seq());
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("attendee", view(this.agent.cache().find(attendeeId).orElse(attendee)));
		answer.put("seq", receipt.seq());
		answer.put("capturedAt", Rfc3339.format(receipt.capturedAt()));
		answer.put("delivery", delivery(state));
		answer.put("outcome", (state != null) ? state.outcome() : null);
		answer.put("reason", (state != null) ? state.reason() : null);
		Http.send(exchange, 201, answer);
	}

	/**
	 * A scan under the event's policy (#35): admitted, refused or an exit, each one entry
	 * committed before the answer (201). A refusal names its reason (and for a rule its
	 * explanation); {@code decidedOffline} says the kiosk decided without the edge.
	 */
	private void pass(HttpExchange exchange, CachedAttendee attendee, boolean leaving) throws IOException {
		Optional<Admission> passed;
		try {
			passed = this.agent.pass(attendee.attendeeId(), leaving);
		}
		catch (UncheckedIOException ex) {
			Http.problem(exchange, 503, "not-ready", "the kiosk has not learnt its sequence from the edge yet");
			return;
		}
		catch (SequenceConflictException ex) {
			Http.problem(exchange, 503, "log-restored",
					"this kiosk's log was restored from an older copy and records nothing more; call staff");
			return;
		}
		catch (EntryTooLargeException ex) {
			Http.problem(exchange, 422, "not-recorded", "the entry exceeds the log's entry size limit");
			return;
		}
		if (passed.isEmpty()) {
			// the policy went away between the check and the scan: nothing was recorded
			Http.problem(exchange, 503, "not-ready", "the kiosk's access-control settings changed; scan again");
			return;
		}
		Admission admission = passed.get();
		EntryState state = (admission.type() == EntryType.REFUSED) ? null
				: awaitAcknowledgement(attendee.attendeeId(), admission.seq());
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("attendee", view(this.agent.cache().find(attendee.attendeeId()).orElse(attendee)));
		answer.put("seq", admission.seq());
		answer.put("idempotencyKey", admission.idempotencyKey());
		answer.put("capturedAt", Rfc3339.format(admission.capturedAt()));
		answer.put("entryType", admission.type().name());
		if (admission.type() == EntryType.CHECK_IN && !this.agent.config().annulWindow().isZero()) {
			// the screen offers "that was not me" until then (#36)
			answer.put("annulUntil", Rfc3339.format(admission.capturedAt().plus(this.agent.config().annulWindow())));
		}
		answer.put("areaId", admission.areaId());
		answer.put("policyVersion", admission.policyVersion());
		answer.put("decidedOffline", admission.decidedOffline());
		if (admission.type() == EntryType.REFUSED) {
			Map<String, Object> refusal = new LinkedHashMap<>();
			refusal.put("reason", admission.reason());
			refusal.put("explanation", admission.explanation());
			answer.put("refusal", refusal);
		}
		answer.put("delivery", delivery(state));
		answer.put("outcome", (state != null) ? state.outcome() : null);
		answer.put("reason", (state != null) ? state.reason() : null);
		Http.send(exchange, 201, answer);
	}

	/**
	 * {@code POST /api/annulments {attendeeId, idempotencyKey}} (#36): "that was not me",
	 * "the gate did not open": annuls this kiosk's admission within its annul window. 201
	 * with the annulment, 409 when there is nothing of this kiosk's to annul (another
	 * kiosk's, the window passed, annulled already).
	 * @param exchange the request
	 * @throws IOException when the answer cannot be written
	 */
	void annul(HttpExchange exchange) throws IOException {
		JsonNode body = Http.body(exchange);
		String attendeeId = (body != null) ? Http.text(body, "attendeeId") : null;
		String key = (body != null) ? Http.text(body, "idempotencyKey") : null;
		if (attendeeId == null || !ATTENDEE_ID.matcher(attendeeId).matches() || key == null || key.length() > 100) {
			Http.problem(exchange, 400, "malformed-annulment",
					"attendeeId (1-64 of [A-Za-z0-9_.:-]) and idempotencyKey are required");
			return;
		}
		Optional<Admission> annulled;
		try {
			annulled = this.agent.annul(attendeeId, key);
		}
		catch (UncheckedIOException | SequenceConflictException ex) {
			Http.problem(exchange, 503, "not-ready", "the kiosk cannot record now; call staff");
			return;
		}
		if (annulled.isEmpty()) {
			Http.problem(exchange, 409, "nothing-to-annul",
					"no admission of this kiosk with that key within the annul window, or it is annulled already");
			return;
		}
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("entryType", EntryType.ANNUL.name());
		answer.put("seq", annulled.get().seq());
		answer.put("idempotencyKey", annulled.get().idempotencyKey());
		answer.put("annuls", key);
		Http.send(exchange, 201, answer);
	}

	private void alreadyCheckedIn(HttpExchange exchange, String attendeeId, CachedAttendee cached) throws IOException {
		CachedAttendee attendee = cached;
		Optional<EntryState> here = this.agent.latestEntryFor(attendeeId);
		if (here.isPresent() && !attendee.checkedIn()) {
			// recorded here, and a snapshot taken before the edge had it says otherwise;
			// the cache is a convenience (busy, disk full): the answer stands without it
			try {
				this.agent.cache().markCheckedIn(attendeeId, this.agent.config().kioskId(), here.get().capturedAt());
				attendee = this.agent.cache().find(attendeeId).orElse(attendee);
			}
			catch (RuntimeException ex) {
				attendee = attendee.checkedInHere(this.agent.config().kioskId(), here.get().capturedAt());
			}
		}
		Http.problem(exchange, 409, "already-checked-in", attendeeId + " is already checked in",
				Map.of("attendee", view(attendee)));
	}

	// a dead letter is on the kiosk, and will not be sent: the attendee needs staff
	private static String delivery(EntryState state) {
		if (state != null && state.deadLettered()) {
			return "ASK_STAFF";
		}
		return (state != null && state.acknowledged()) ? "DELIVERED" : "SAVED_ON_KIOSK";
	}

	private EntryState awaitAcknowledgement(String attendeeId, long seq) {
		long deadline = this.clock.millis() + ACK_WAIT.toMillis();
		while (true) {
			Optional<EntryState> state = this.agent.latestEntryFor(attendeeId).filter((entry) -> entry.seq() == seq);
			if (state.isPresent() && !state.get().waiting()) {
				return state.get();
			}
			if (!this.link.online() || this.clock.millis() >= deadline) {
				return state.orElse(null);
			}
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return state.orElse(null);
			}
		}
	}

	void express(HttpExchange exchange) throws IOException {
		JsonNode body = Http.body(exchange);
		String typed = (body != null) ? Http.text(body, "code") : null;
		String submission = (body != null) ? Http.text(body, "clientSubmissionId") : null;
		String code = ExpressCodeText.canonicalOrNull(typed);
		if (code == null) {
			Http.problem(exchange, 400, "malformed-express-code", "an express code has 10 letters and digits");
			return;
		}
		if (submission == null || !submission.matches("[A-Za-z0-9-]{8,64}")) {
			// the screen sends one id per attempt; without one a retry could not be told
			// from a second use
			submission = UUID.randomUUID().toString();
		}
		EdgeClient.Answer answer;
		try {
			answer = this.agent.redeemExpressCode(code, submission, List.of());
		}
		catch (ExpressCodeOfflineException ex) {
			Http.problem(exchange, 503, "express-offline", "express codes are redeemed online only");
			return;
		}
		JsonNode reply = Http.tree(answer.body());
		if (answer.status() == 200 && reply != null) {
			List<Map<String, Object>> attendees = new ArrayList<>();
			for (JsonNode id : reply.path("result").path("checkedIn")) {
				this.agent.cache()
					.markCheckedIn(id.asString(), "express", Rfc3339.format(OffsetDateTime.now(this.clock)));
				attendees.add(this.agent.cache()
					.find(id.asString())
					.map(ScreenApi::view)
					.orElse(Map.of("attendeeId", id.asString())));
			}
			Http.send(exchange, 200, Map.of("code", code, "duplicate", reply.path("duplicate").asBoolean(false),
					"attendees", attendees));
			return;
		}
		String type = (reply != null) ? reply.path("type").asString("") : "";
		String suffix = type.substring(type.lastIndexOf('/') + 1);
		int status = (answer.status() >= 500) ? 503 : answer.status();
		Http.problem(exchange, status, suffix.isEmpty() ? "express-refused" : suffix,
				"the edge refused the code: HTTP " + answer.status());
	}

	void badge(HttpExchange exchange, String attendeeId) throws IOException {
		if (!ATTENDEE_ID.matcher(attendeeId).matches()) {
			Http.problem(exchange, 400, "malformed-attendee", "attendeeId must be 1-64 of [A-Za-z0-9_.:-]");
			return;
		}
		Optional<EntryState> local = this.agent.latestEntryFor(attendeeId);
		if (local.isPresent() && local.get().waiting()) {
			Http.send(exchange, 200, Map.of("status", "SAVED_ON_KIOSK", "online", this.link.online()));
			return;
		}
		if (local.isPresent() && (local.get().deadLettered() || "REJECTED".equals(local.get().outcome()))) {
			Http.send(exchange, 200, Map.of("status", "ASK_STAFF", "online", this.link.online()));
			return;
		}
		EdgeClient.Answer answer;
		try {
			answer = this.agent.edgeGet("/attendees/" + attendeeId + "/badge");
		}
		catch (IOException ex) {
			Http.send(exchange, 200, Map.of("status", "OFFLINE", "online", false));
			return;
		}
		JsonNode reply = Http.tree(answer.body());
		if (answer.status() == 200 && reply != null) {
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("status", reply.path("status").asString("QUEUED"));
			body.put("printerId", reply.path("printerId").isString() ? reply.get("printerId").asString() : null);
			body.put("online", true);
			Http.send(exchange, 200, body);
			return;
		}
		// 404: the reconciler has not made the job yet (or a desk check-in made none)
		Http.send(exchange, 200, Map.of("status", (answer.status() == 404) ? "NOT_YET" : "UNKNOWN", "online", true));
	}

	static Map<String, Object> view(CachedAttendee attendee) {
		Map<String, Object> view = new LinkedHashMap<>();
		view.put("attendeeId", attendee.attendeeId());
		view.put("displayName", attendee.displayName());
		view.put("company", attendee.company());
		view.put("checkedIn", attendee.checkedIn());
		view.put("checkedInBy", attendee.checkedInBy());
		view.put("checkedInAt", attendee.checkedInAt());
		return view;
	}

}
