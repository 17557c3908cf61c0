package io.eventops.agent.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

import javax.net.ssl.SSLContext;

import io.eventops.agent.http.EdgeReply.Kind;
import io.eventops.model.flush.FlushResponse;
import tools.jackson.databind.JsonNode;

/**
 * One kiosk's calls to the edge: {@code POST …/flush} and {@code GET …/sync-state}, with
 * the kiosk's bearer token, over HTTPS. A flush never throws: every failure becomes an
 * {@link EdgeReply} the flusher can act on.
 */
public final class EdgeClient {

	private static final int MAX_DETAIL = 300;

	private final HttpClient http;

	private final URI base;

	private final String kioskId;

	// replaced when the edge delivers a new one and it is kept (token rotation, #37)
	private volatile String token;

	private final Duration requestTimeout;

	private final NetworkGate network;

	private final Clock clock;

	/**
	 * A client for one kiosk.
	 * @param http the HTTP client (may be shared by many kiosks)
	 * @param edgeUrl the edge's base URL, e.g. {@code https://localhost:8443}
	 * @param kioskId the kiosk
	 * @param token its bearer token
	 * @param requestTimeout how long one request may take
	 * @param network whether the network is up (the simulator cuts it)
	 * @param clock for {@code Retry-After} dates
	 */
	/** This agent's version, as its heartbeat reports it. */
	public static final String AGENT_VERSION = agentVersion();

	private volatile java.util.function.Supplier<Contact> contact = () -> null;

	private volatile java.util.function.Consumer<String> revoked = (detail) -> {
	};

	private volatile java.util.function.Predicate<String> keeper = (fresh) -> false;

	/** The response header that delivers a new token (token rotation, #37). */
	public static final String NEW_TOKEN = "Kiosk-New-Token";

	private static final java.util.regex.Pattern TOKEN = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{20,128}");

	public EdgeClient(HttpClient http, URI edgeUrl, String kioskId, String token, Duration requestTimeout,
			NetworkGate network, Clock clock) {
		this.http = http;
		String url = edgeUrl.toString();
		this.base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
		this.kioskId = kioskId;
		this.token = token;
		this.requestTimeout = requestTimeout;
		this.network = network;
		this.clock = clock;
	}

	/**
	 * An HTTP/1.1 client with the given trust.
	 * @param ssl the TLS context
	 * @param connectTimeout how long a connection attempt may take
	 * @return the client
	 */
	public static HttpClient httpClient(SSLContext ssl, Duration connectTimeout) {
		return HttpClient.newBuilder()
			.sslContext(ssl)
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(connectTimeout)
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	/**
	 * Sends one flush body.
	 * @param body the body, see {@link WireFormat#flushBody}
	 * @return the classified answer
	 */
	public EdgeReply flush(byte[] body) {
		HttpRequest request = request("/flush").header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build();
		HttpResponse<byte[]> response;
		try {
			response = send(request);
		}
		catch (HttpTimeoutException ex) {
			return new EdgeReply(Kind.RETRYABLE, 0, null, null, "timeout: " + ex.getMessage());
		}
		catch (IOException ex) {
			return new EdgeReply(Kind.RETRYABLE, 0, null, null, "connection error: " + describe(ex));
		}
		int status = response.statusCode();
		Duration retryAfter = retryAfter(response);
		if (status == 200) {
			try {
				FlushResponse parsed = WireFormat.flushResponse(response.body());
				return new EdgeReply(Kind.ACCEPTED, status, parsed, null, null);
			}
			catch (IllegalArgumentException ex) {
				return new EdgeReply(Kind.RETRYABLE, status, null, null, "unreadable answer: " + ex.getMessage());
			}
		}
		String detail = "HTTP " + status + problem(response.body());
		if (status == 400) {
			return new EdgeReply(Kind.REFUSED_AS_A_WHOLE, status, null, null, detail);
		}
		if (status == 413 || status == 422) {
			return new EdgeReply(Kind.TOO_BIG, status, null, null, detail);
		}
		if (status == 408 || status == 429 || status >= 500) {
			return new EdgeReply(Kind.RETRYABLE, status, null, retryAfter, detail);
		}
		return new EdgeReply(Kind.MISCONFIGURED, status, null, retryAfter, detail);
	}

	/**
	 * Asks where the edge stands with this kiosk's sequence.
	 * @return the state
	 * @throws IOException when the edge cannot be reached or refuses
	 */
	public SyncState syncState() throws IOException {
		HttpResponse<byte[]> response = send(request("/sync-state").GET().build());
		if (response.statusCode() != 200) {
			throw new IOException("sync-state: HTTP " + response.statusCode() + problem(response.body()));
		}
		try {
			return WireFormat.syncState(response.body());
		}
		catch (IllegalArgumentException ex) {
			throw new IOException("sync-state: " + ex.getMessage(), ex);
		}
	}

	/**
	 * GETs a kiosk resource (snapshot, changes) as JSON.
	 * @param pathAndQuery the path below {@code /v1/kiosks/{kioskId}}, with its query
	 * @param timeout how long the request may take (a long poll waits on the server)
	 * @return the answer's status and body
	 * @throws IOException when the edge cannot be reached
	 */
	public Answer get(String pathAndQuery, Duration timeout) throws IOException {
		HttpResponse<byte[]> response = send(request(pathAndQuery).timeout(timeout).GET().build());
		return new Answer(response.statusCode(), response.body());
	}

	/**
	 * POSTs JSON to a kiosk resource (express-code redemption).
	 * @param path the path below {@code /v1/kiosks/{kioskId}}
	 * @param body the JSON body
	 * @return the answer's status and body
	 * @throws IOException when the edge cannot be reached
	 */
	public Answer post(String path, byte[] body) throws IOException {
		HttpResponse<byte[]> response = send(request(path).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build());
		return new Answer(response.statusCode(), response.body());
	}

	/**
	 * Renews this kiosk's admission allowance at its area (invariant 14), within a
	 * budget.
	 * @param budget how long to wait for the answer
	 * @param held the grant the kiosk holds, or {@code null}
	 * @param heldWhenTaken what it held after that grant's base when it took it
	 * @param base its acknowledged seq
	 * @return the allowance, or empty without one (offline, too slow, an exit kiosk, no
	 * area): the kiosk keeps what it has
	 */
	public java.util.Optional<AllowanceReply> allowance(Duration budget, Long held, long heldWhenTaken, long base) {
		String question = (held != null)
				? "{\"held\":" + held + ",\"heldWhenTaken\":" + heldWhenTaken + ",\"base\":" + base + "}"
				: "{\"base\":" + base + "}";
		return within(request("/allowance").timeout(budget)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(question))
			.build(), budget).filter((answer) -> answer.path("areaId").isString()).map((answer) -> {
				String until = answer.path("leaseUntil").isString() ? answer.get("leaseUntil").asString() : null;
				return new AllowanceReply(answer.get("areaId").asString(), number(answer, "capacity"),
						number(answer, "grant"), number(answer, "base"), texts(answer, "carried"),
						number(answer, "places"),
						(until != null) ? io.eventops.model.time.Rfc3339.parseOrNull(until) : null,
						number(answer, "leaseSeconds"), answer.path("policyVersion").asLong(0));
			});
	}

	/**
	 * Who is inside this kiosk's area now (invariant 13), for staff mode, within a
	 * budget.
	 * @param budget how long to wait
	 * @return {@code inside}, {@code capacity} (absent without one),
	 * {@code admittedToday}, {@code exitsToday} and {@code asOf}, or empty without an
	 * answer
	 */
	public java.util.Optional<java.util.Map<String, Object>> occupancy(Duration budget) {
		return within(request("/occupancy").timeout(budget).GET().build(), budget)
			.filter((answer) -> answer.path("inside").isIntegralNumber())
			.map((answer) -> {
				java.util.Map<String, Object> occupancy = new java.util.LinkedHashMap<>();
				occupancy.put("inside", answer.get("inside").asLong());
				occupancy.put("capacity", number(answer, "capacity"));
				occupancy.put("admittedToday", number(answer, "admittedToday"));
				occupancy.put("exitsToday", number(answer, "exitsToday"));
				occupancy.put("asOf", answer.path("asOf").isString() ? answer.get("asOf").asString() : null);
				return occupancy;
			});
	}

	private static java.util.List<String> texts(JsonNode answer, String field) {
		java.util.List<String> texts = new java.util.ArrayList<>();
		JsonNode value = answer.get(field);
		if (value != null && value.isArray()) {
			for (JsonNode text : value) {
				if (text.isString()) {
					texts.add(text.stringValue());
				}
			}
		}
		return java.util.List.copyOf(texts);
	}

	private static Long number(JsonNode answer, String field) {
		JsonNode value = answer.get(field);
		return (value != null && value.isIntegralNumber()) ? value.asLong() : null;
	}

	/**
	 * Asks the edge to decide an admission from the venue-wide history (#35), waiting at
	 * most {@code budget} for the answer, connection included.
	 * @param attendeeId the attendee
	 * @param capturedAt the attempt's capture time (RFC 3339)
	 * @param budget how long to wait
	 * @return the answer, or empty when there is none in time, the network is down, or
	 * the edge answers anything but a readable 200
	 */
	public java.util.Optional<AdmissionAnswer> admissionCheck(String attendeeId, String capturedAt, Duration budget) {
		byte[] body = WireFormat.write(java.util.Map.of("attendeeId", attendeeId, "capturedAt", capturedAt))
			.getBytes(StandardCharsets.UTF_8);
		return within(request("/admission-check").timeout(budget)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build(), budget)
			.filter((answer) -> answer.path("decision").asString("").equals("ADMIT")
					|| answer.path("decision").asString("").equals("REFUSE"))
			.map((answer) -> new AdmissionAnswer(answer.path("decision").asString(""),
					answer.path("reason").isString() ? answer.get("reason").asString() : null,
					answer.path("explanation").isString() ? answer.get("explanation").asString() : null,
					answer.path("policyVersion").asLong(0)));
	}

	// A question a person waits on: its JSON answer when it is a 200 within the budget
	// (the request's own timeout does not cover connecting: the budget does), else none;
	// offline, not even asked
	private java.util.Optional<JsonNode> within(HttpRequest request, Duration budget) {
		if (!this.network.isUp()) {
			return java.util.Optional.empty();
		}
		java.util.concurrent.CompletableFuture<HttpResponse<byte[]>> sent = this.http.sendAsync(request,
				HttpResponse.BodyHandlers.ofByteArray());
		try {
			HttpResponse<byte[]> response = told(
					sent.get(budget.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS));
			return (response.statusCode() == 200) ? java.util.Optional.ofNullable(WireFormat.tree(response.body()))
					: java.util.Optional.empty();
		}
		catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException
				| IllegalArgumentException ex) {
			sent.cancel(true);
			return java.util.Optional.empty();
		}
		catch (InterruptedException ex) {
			sent.cancel(true);
			Thread.currentThread().interrupt();
			return java.util.Optional.empty();
		}
	}

	/**
	 * A raw answer of the edge.
	 *
	 * @param status the HTTP status
	 * @param body the body
	 */
	public record Answer(int status, byte[] body) {
	}

	private HttpRequest.Builder request(String path) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.base.resolve("/v1/kiosks/" + this.kioskId + path))
			.timeout(this.requestTimeout)
			.header("Authorization", "Bearer " + this.token)
			.header("Accept", "application/json")
			// every contact is a heartbeat (issue #37): the edge keeps these per kiosk
			.header("Kiosk-Agent-Version", AGENT_VERSION)
			.header("Kiosk-Clock", io.eventops.model.time.Rfc3339.format(java.time.OffsetDateTime.now(this.clock)));
		Contact contact = this.contact.get();
		if (contact != null) {
			request.header("Kiosk-Backlog", Long.toString(Math.max(0, contact.backlog())));
			if (contact.diskFreeBytes() != null) {
				request.header("Kiosk-Disk-Free", Long.toString(Math.max(0, contact.diskFreeBytes())));
			}
		}
		return request;
	}

	/**
	 * What every request tells the edge of the kiosk beside its version and clock.
	 * @param contact read at each request; {@code null} tells nothing more
	 */
	public void reportContacts(java.util.function.Supplier<Contact> contact) {
		this.contact = contact;
	}

	/**
	 * A kiosk's state as its heartbeat reports it.
	 *
	 * @param backlog entries on the device not yet acknowledged
	 * @param diskFreeBytes free bytes on the disk of its log, or {@code null} when
	 * unknown
	 */
	public record Contact(long backlog, Long diskFreeBytes) {
	}

	/**
	 * Who is told when the edge answers that this kiosk was revoked (a 401
	 * {@code device-revoked}, issue #37), whichever request got the answer.
	 * @param revoked told the problem's detail
	 */
	public void onRevoked(java.util.function.Consumer<String> revoked) {
		this.revoked = revoked;
	}

	// a 401 device-revoked, unlike any other 401, is final: the kiosk wipes its cached
	// personal data and admits no one (issue #37)
	/**
	 * Who keeps a token the edge delivers (token rotation, #37): it must store it durably
	 * before it is used, and answer whether it did; a token it did not keep is never used
	 * (the old one stays valid for the edge's rotation grace, and the next answer
	 * delivers another).
	 * @param keeper told the new token
	 */
	public void onNewToken(java.util.function.Predicate<String> keeper) {
		this.keeper = keeper;
	}

	// an answer to a request sent with the current token may deliver its successor; an
	// answer to one sent with an older token is late (another answer's token is in use,
	// and it retired this one's at the edge), and is ignored
	private synchronized void adopt(HttpResponse<byte[]> response, String fresh) {
		String sentWith = response.request().headers().firstValue("Authorization").orElse("");
		if (sentWith.equals("Bearer " + this.token) && TOKEN.matcher(fresh).matches() && !fresh.equals(this.token)
				&& this.keeper.test(fresh)) {
			this.token = fresh;
		}
	}

	private HttpResponse<byte[]> told(HttpResponse<byte[]> response) {
		response.headers().firstValue(NEW_TOKEN).ifPresent((fresh) -> adopt(response, fresh));
		if (response.statusCode() == 401 && response.body() != null && response.body().length > 0) {
			try {
				JsonNode problem = WireFormat.tree(response.body());
				if (problem.path("type").asString("").endsWith("/" + DEVICE_REVOKED)) {
					this.revoked.accept(abbreviate(problem.path("detail").asString("revoked")));
				}
			}
			catch (IllegalArgumentException ex) {
				// not a problem document: an ordinary 401
			}
		}
		return response;
	}

	/** The problem type slug of a revoked kiosk's token. */
	public static final String DEVICE_REVOKED = "device-revoked";

	private HttpResponse<byte[]> send(HttpRequest request) throws IOException {
		if (!this.network.isUp()) {
			throw new ConnectException("network cut");
		}
		try {
			return told(this.http.send(request, HttpResponse.BodyHandlers.ofByteArray()));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", ex);
		}
	}

	private Duration retryAfter(HttpResponse<?> response) {
		return response.headers().firstValue("Retry-After").map(this::parseRetryAfter).orElse(null);
	}

	Duration parseRetryAfter(String value) {
		String text = value.trim();
		try {
			return Duration.ofSeconds(Math.max(0, Long.parseLong(text)));
		}
		catch (NumberFormatException ex) {
			try {
				ZonedDateTime at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME);
				Duration wait = Duration.between(this.clock.instant(), at.toInstant());
				return wait.isNegative() ? Duration.ZERO : wait;
			}
			catch (DateTimeParseException notADate) {
				return null;
			}
		}
	}

	private static String problem(byte[] body) {
		if (body == null || body.length == 0) {
			return "";
		}
		try {
			JsonNode problem = WireFormat.tree(body);
			String text = problem.path("detail").asString(problem.path("title").asString(""));
			return text.isEmpty() ? "" : ": " + abbreviate(text);
		}
		catch (IllegalArgumentException ex) {
			return ": " + abbreviate(new String(body, StandardCharsets.UTF_8));
		}
	}

	private static String describe(IOException ex) {
		String message = ex.getMessage();
		return ex.getClass().getSimpleName() + ((message != null) ? " " + abbreviate(message) : "");
	}

	private static String abbreviate(String text) {
		return (text.length() <= MAX_DETAIL) ? text : text.substring(0, MAX_DETAIL) + "…";
	}

	private static String agentVersion() {
		String version = EdgeClient.class.getPackage().getImplementationVersion();
		return (version != null && version.matches("[A-Za-z0-9._+-]{1,64}")) ? version : "dev";
	}

}
