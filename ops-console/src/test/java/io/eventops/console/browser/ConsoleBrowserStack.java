package io.eventops.console.browser;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.simulate.KioskProvisioner;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteLauncher;
import io.eventops.localstack.SuiteOptions;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.KioskDecision;

/**
 * The console's browser tests' stack (ops-console/src/test/browser): the whole suite as
 * the local stack runs it, with the console (embedded PostgreSQL and Redis, the services
 * and the console as their own processes, two virtual printers), and an event whose
 * people the tests look up: one admitted at the main hall, one refused there (a day
 * pass), one not yet in, and a quarantined entry; three kiosks for rotation and
 * revocation. A small control API on 127.0.0.1 checks someone in (the areas screen must
 * follow without a reload) and makes a kiosk's call to the edge (what a rotation or a
 * revocation changed for it). The facts are written as JSON to the file given as first
 * argument once everything is up.
 */
public final class ConsoleBrowserStack {

	static final String EVENT = "console-event";

	static final String HALL = "main-hall";

	static final int HALL_CAPACITY = 20;

	static final List<String> ROTATE_RETIRE_LOST = List.of("kiosk-c-rotate", "kiosk-c-retire", "kiosk-c-lost");

	private final RunningSuite suite;

	private final HttpClient edgeHttp;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String adminBasic;

	private final Map<String, String> tokens = new LinkedHashMap<>();

	private final Map<String, AtomicLong> seqs = new LinkedHashMap<>();

	private final AtomicLong rush = new AtomicLong();

	private ConsoleBrowserStack(RunningSuite suite) {
		this.suite = suite;
		this.edgeHttp = KioskProvisioner.httpClient(suite.caFile());
		this.adminBasic = "Basic " + Base64.getEncoder()
			.encodeToString(("admin:" + suite.adminPassword()).getBytes(StandardCharsets.UTF_8));
	}

	public static void main(String[] args) throws Exception {
		Path ready = Path.of(args[0]).toAbsolutePath();
		Path home = Path.of(args.length > 1 ? args[1] : ".").toAbsolutePath().normalize();
		Path work = home.resolve("ops-console/target/browser-stack");
		deleteRecursively(work);
		Files.createDirectories(work);
		SuiteOptions options = SuiteOptions.defaults(home, work.resolve("suite"))
			.withFreePorts(2)
			.withLabelTime(Duration.ofMillis(1500))
			.withConsole();
		RunningSuite suite = SuiteLauncher.start(options);
		CountDownLatch stop = new CountDownLatch(1);
		Runtime.getRuntime().addShutdownHook(new Thread(suite::close));
		try {
			ConsoleBrowserStack stack = new ConsoleBrowserStack(suite);
			Map<String, Object> facts = stack.prepare();
			HttpServer control = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
			control.createContext("/", (exchange) -> stack.control(exchange, stop));
			control.start();
			facts.put("controlUrl", "http://127.0.0.1:" + control.getAddress().getPort());
			Files.writeString(ready, WireFormat.write(facts));
			System.out.println("CONSOLE BROWSER STACK READY " + facts.get("consoleUrl"));
			stop.await();
			control.stop(0);
		}
		finally {
			System.exit(0);
		}
	}

	private Map<String, Object> prepare() throws IOException, InterruptedException {
		expect(send("PUT", this.suite.reconUrl().resolve("/admin/v1/events/" + EVENT + "/policy"),
				WireFormat.write(policy())), 200);
		List<Map<String, String>> attendees = List.of(attendee("att_c_1", "Zoë Müller-Lüdenscheidt", "full"),
				attendee("att_c_2", "Katherine Johnson", "day"), attendee("att_c_3", "Grace Hopper", "full"),
				attendee("att_c_4", "Ada Lovelace", "full"), attendee("att_c_5", "Alan Turing", "full"));
		expect(send("POST", this.suite.reconUrl().resolve("/admin/v1/events/" + EVENT + "/attendees"),
				WireFormat.write(attendees)), 200);
		KioskProvisioner provisioner = new KioskProvisioner(this.edgeHttp, this.suite.edgeUrl(), "admin",
				this.suite.adminPassword());
		provision(provisioner, "kiosk-c-desk", "badge-desk");
		provision(provisioner, "kiosk-c-hall", HALL);
		// Grace Hopper: her badge at the desk (a badge job that prints), then into the
		// hall
		flush("kiosk-c-desk", "att_c_3", EntryType.CHECK_IN, "badge-desk", KioskDecision.Decision.ADMIT, null);
		flush("kiosk-c-hall", "att_c_3", EntryType.CHECK_IN, HALL, KioskDecision.Decision.ADMIT, null);
		// Katherine Johnson: a day pass, refused at the main hall
		flush("kiosk-c-hall", "att_c_2", EntryType.REFUSED, HALL, KioskDecision.Decision.REFUSE,
				"TICKET_NOT_VALID_HERE");
		// someone the registry does not know: rejected and quarantined
		flush("kiosk-c-hall", "att_unknown_1", EntryType.CHECK_IN, HALL, KioskDecision.Decision.ADMIT, null);
		// kiosks for the kiosks screen's actions: one to rotate, one to retire and one
		// lost,
		// the last two holding two entries at their last contact
		for (String kiosk : ROTATE_RETIRE_LOST) {
			provision(provisioner, kiosk, HALL);
		}
		expect(kioskCall(ROTATE_RETIRE_LOST.get(1), 2), 200);
		expect(kioskCall(ROTATE_RETIRE_LOST.get(2), 2), 200);
		Map<String, Object> facts = new LinkedHashMap<>();
		facts.put("consoleUrl", this.suite.consoleUrl().toString() + "/");
		facts.put("opsPassword", this.suite.opsPassword());
		facts.put("adminPassword", this.suite.adminPassword());
		facts.put("eventId", EVENT);
		facts.put("areaId", HALL);
		facts.put("capacity", HALL_CAPACITY);
		facts.put("admitted", "att_c_3");
		facts.put("refused", "att_c_2");
		facts.put("notIn", List.of("att_c_1", "att_c_4", "att_c_5"));
		facts.put("rotateKiosk", ROTATE_RETIRE_LOST.get(0));
		facts.put("retireKiosk", ROTATE_RETIRE_LOST.get(1));
		facts.put("lostKiosk", ROTATE_RETIRE_LOST.get(2));
		facts.put("printers", this.suite.printers().stream().map((p) -> p.name()).toList());
		return facts;
	}

	private void provision(KioskProvisioner provisioner, String kioskId, String areaId) {
		this.tokens.put(kioskId,
				provisioner.provision(kioskId, EVENT, "console " + kioskId, "default", areaId, "ENTRY"));
		this.seqs.put(kioskId, new AtomicLong());
	}

	// one entry through the edge, as the kiosk's agent sends it; answers the per-entry
	// outcome
	private synchronized String flush(String kioskId, String attendeeId, EntryType type, String areaId,
			KioskDecision.Decision decision, String reason) throws IOException, InterruptedException {
		long seq = this.seqs.get(kioskId).incrementAndGet();
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
		FlushEntry entry = new FlushEntry(seq, kioskId + ":" + seq, type, attendeeId, now, now, false, null, areaId, 1L,
				new KioskDecision(decision, reason), null);
		byte[] body = WireFormat.flushBody(seq, List.of(WireFormat.entry(entry)));
		HttpResponse<String> response = this.edgeHttp
			.send(HttpRequest.newBuilder(this.suite.edgeUrl().resolve("/v1/kiosks/" + kioskId + "/flush"))
				.timeout(Duration.ofSeconds(30))
				.header("Authorization", "Bearer " + this.tokens.get(kioskId))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofByteArray(body))
				.build(), HttpResponse.BodyHandlers.ofString());
		expect(response, 200);
		return WireFormat.flushResponse(response.body().getBytes(StandardCharsets.UTF_8))
			.results()
			.get(0)
			.outcome()
			.name();
	}

	// a kiosk's call as its agent makes one (every call is a heartbeat with the entries
	// it
	// holds); a new token the edge delivers with the answer is kept and used from then
	// on,
	// as the agent does
	private synchronized HttpResponse<String> kioskCall(String kioskId, Integer held)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(this.suite.edgeUrl().resolve("/v1/kiosks/" + kioskId + "/sync-state"))
			.timeout(Duration.ofSeconds(30))
			.header("Authorization", "Bearer " + this.tokens.get(kioskId))
			.GET();
		if (held != null) {
			request.header("Kiosk-Backlog", Integer.toString(held));
		}
		HttpResponse<String> response = this.edgeHttp.send(request.build(), HttpResponse.BodyHandlers.ofString());
		response.headers().firstValue("Kiosk-New-Token").ifPresent((token) -> this.tokens.put(kioskId, token));
		return response;
	}

	// the control API's kiosk call (not reporting a backlog, so the one reported before
	// stays): the edge's status, its problem type if any, and whether the answer
	// delivered
	// a new token; after one, the same call with it
	private Map<String, Object> kioskCallAnswer(String kioskId) throws IOException, InterruptedException {
		HttpResponse<String> first = kioskCall(kioskId, null);
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("status", first.statusCode());
		answer.put("type", (first.statusCode() < 400) ? ""
				: first.body().replaceAll("(?s).*\"type\"\\s*:\\s*\"([^\"]+)\".*", "$1"));
		boolean delivered = first.headers().firstValue("Kiosk-New-Token").isPresent();
		answer.put("newToken", delivered);
		if (delivered) {
			answer.put("statusWithNewToken", kioskCall(kioskId, null).statusCode());
		}
		return answer;
	}

	// a rush at the badge desk: that many new attendees checked in there, each a badge
	// job
	// (at 1.5 s a label, the printers hold queues for a while)
	private List<String> badges(int count) throws IOException, InterruptedException {
		List<Map<String, String>> attendees = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			attendees.add(attendee("att_rush_" + this.rush.incrementAndGet(), "Rush " + this.rush.get(), "full"));
		}
		expect(send("POST", this.suite.reconUrl().resolve("/admin/v1/events/" + EVENT + "/attendees"),
				WireFormat.write(attendees)), 200);
		List<String> ids = new ArrayList<>();
		for (Map<String, String> attendee : attendees) {
			String id = attendee.get("attendeeId");
			String outcome = flush("kiosk-c-desk", id, EntryType.CHECK_IN, "badge-desk", KioskDecision.Decision.ADMIT,
					null);
			if (!"APPLIED".equals(outcome)) {
				throw new IllegalStateException("the desk check-in of " + id + " was " + outcome);
			}
			ids.add(id);
		}
		return ids;
	}

	private void control(HttpExchange exchange, CountDownLatch stop) throws IOException {
		try (exchange) {
			String path = exchange.getRequestURI().getPath();
			Object answer;
			int status = 200;
			try {
				if (path.startsWith("/check-in/")) {
					String attendee = path.substring("/check-in/".length());
					answer = Map.of("outcome", flush("kiosk-c-hall", attendee, EntryType.CHECK_IN, HALL,
							KioskDecision.Decision.ADMIT, null));
				}
				else if (path.startsWith("/badges/")) {
					answer = Map.of("attendees", badges(Integer.parseInt(path.substring("/badges/".length()))));
				}
				else if (path.startsWith("/kiosk-call/")) {
					answer = kioskCallAnswer(path.substring("/kiosk-call/".length()));
				}
				else if (path.equals("/stop")) {
					stop.countDown();
					answer = Map.of("stopping", true);
				}
				else {
					status = 404;
					answer = Map.of("error", "no such control " + path);
				}
			}
			catch (IOException | RuntimeException ex) {
				status = 500;
				answer = Map.of("error", String.valueOf(ex.getMessage()));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				status = 500;
				answer = Map.of("error", "interrupted");
			}
			byte[] body = WireFormat.write(answer).getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(status, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		}
	}

	// every day of a wide range, so the machine's clock is on one; the main hall admits
	// full passes once and holds twenty
	private static Map<String, Object> policy() {
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		List<String> days = Stream.iterate(today.minusDays(2), (day) -> day.plusDays(1))
			.limit(5)
			.map(LocalDate::toString)
			.toList();
		Map<String, Object> desk = Map.of("areaId", "badge-desk", "name", "Badge desk", "admits",
				List.of("full", "day"), "reentry", "ANY", "printsBadge", true);
		Map<String, Object> hall = Map.of("areaId", HALL, "name", "Main hall", "admits", List.of("full"), "reentry",
				"ONCE", "capacity", HALL_CAPACITY);
		return Map.of("timeZone", "Europe/Berlin", "days", days, "ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass"), Map.of("id", "day", "name", "Day pass")), "areas",
				List.of(desk, hall));
	}

	private static Map<String, String> attendee(String id, String name, String ticketType) {
		Map<String, String> attendee = new LinkedHashMap<>();
		attendee.put("attendeeId", id);
		attendee.put("displayName", name);
		attendee.put("company", "Example Ltd");
		attendee.put("tier", "STANDARD");
		attendee.put("email", id + "@example.org");
		attendee.put("ticketType", ticketType);
		return attendee;
	}

	private HttpResponse<String> send(String method, URI uri, String json) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(uri)
			.timeout(Duration.ofSeconds(30))
			.header("Authorization", this.adminBasic)
			.header("Content-Type", "application/json")
			.method(method, HttpRequest.BodyPublishers.ofString(json))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static void expect(HttpResponse<String> response, int status) {
		if (response.statusCode() != status) {
			throw new IllegalStateException(response.request().method() + " " + response.request().uri() + ": "
					+ response.statusCode() + " " + response.body());
		}
	}

	private static void deleteRecursively(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(dir)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
