package io.eventops.agent.screen;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.simulate.KioskProvisioner;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteLauncher;
import io.eventops.localstack.SuiteOptions;

/**
 * The browser tests' stack (kiosk-agent/src/test/browser): the whole suite as the local
 * stack runs it (embedded PostgreSQL and Redis, the three services as their own
 * processes, two virtual printers), an event with attendees and a kiosk, and
 * {@code kiosk-agent serve} as a child process that the tests may SIGKILL. A small
 * control API on 127.0.0.1 lets the tests stop and restart the edge, kill and restart the
 * agent, and read the reconciler's view of an attendee; the stack's facts are written as
 * JSON to the file given as first argument once everything is up.
 */
public final class BrowserStack {

	static final String EVENT = "browser-event";

	static final String KIOSK = "kiosk-b1";

	static final String PIN = "246810";

	// long enough that a screen waiting out an edge restart is not reset under it
	static final int IDLE_RESET_SECONDS = 300;

	// the access-control tests' event (#35): its own policy, attendees and kiosks, so the
	// event above stays one without a policy
	static final String POLICY_EVENT = "browser-policy-event";

	static final String AREA = "main-hall";

	// areas with a capacity (#36): each has one kiosk, so its allowance is the whole area
	static final String SIDE_ROOM = "side-room";

	static final String SMALL_ROOM = "small-room";

	private static final Duration ADMISSION_BUDGET = Duration.ofSeconds(5);

	private final Map<String, PolicyKiosk> policyKiosks = new LinkedHashMap<>();

	private final RunningSuite suite;

	private final Path work;

	private final List<String> agentCommand;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String adminBasic;

	private final int screenPort;

	private Process agent;

	// first-run kiosks (#37): agents started without a token, each on its own port and
	// with its own configuration file to write
	private final List<Process> firstRunAgents = new ArrayList<>();

	private BrowserStack(RunningSuite suite, Path work, int screenPort, String token) {
		this.suite = suite;
		this.work = work;
		this.screenPort = screenPort;
		this.adminBasic = "Basic " + Base64.getEncoder()
			.encodeToString(("admin:" + suite.adminPassword()).getBytes(StandardCharsets.UTF_8));
		this.agentCommand = agentCommand(KIOSK, suite.edgeUrl(), token, screenPort);
	}

	private List<String> agentCommand(String kioskId, URI edgeUrl, String token, int port) {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
						System.getProperty("java.class.path"), "io.eventops.agent.cli.KioskAgentCli", "serve",
						"--kiosk-id", kioskId, "--edge-url", edgeUrl.toString(), "--ca-file",
						this.suite.caFile().toString(), "--token", token, "--db",
						this.work.resolve(kioskId + ".kiosk.db").toString(), "--screen-port", Integer.toString(port),
						"--staff-pin", PIN, "--idle-reset", IDLE_RESET_SECONDS + "s", "--backoff-initial", "500ms",
						"--backoff-max", "2s", "--connect-timeout", "2s", "--request-timeout", "10s"));
		if (!kioskId.equals(KIOSK)) {
			// the tests' online decisions must be the edge's: a cold JVM on a loaded
			// machine
			// would miss the default 300 ms and decide from the cache
			command.addAll(List.of("--admission-check-budget", ADMISSION_BUDGET.toSeconds() + "s"));
		}
		return command;
	}

	public static void main(String[] args) throws Exception {
		Path ready = Path.of(args[0]).toAbsolutePath();
		Path home = Path.of(args.length > 1 ? args[1] : ".").toAbsolutePath().normalize();
		Path work = home.resolve("kiosk-agent/target/browser-stack");
		deleteRecursively(work);
		Files.createDirectories(work);
		SuiteOptions options = SuiteOptions.defaults(home, work.resolve("suite"))
			.withFreePorts(2)
			.withLabelTime(Duration.ofMillis(1500))
			.withServiceSettings(Map.of(), Map.of(SuiteOptions.EDGE,
					List.of("--eventops.edge.admission-check.timeout=" + ADMISSION_BUDGET.toSeconds() + "s")));
		RunningSuite suite = SuiteLauncher.start(options);
		CountDownLatch stop = new CountDownLatch(1);
		BrowserStack[] started = new BrowserStack[1];
		// SIGTERM (run.sh's cleanup) and POST /stop both end here: the agent, then the
		// suite's services and databases, so that nothing outlives the stack
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			try {
				if (started[0] != null) {
					started[0].stopAgent();
					started[0].stopPolicyKiosks();
					started[0].stopFirstRunAgents();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			suite.close();
		}));
		try {
			KioskProvisioner provisioner = new KioskProvisioner(KioskProvisioner.httpClient(suite.caFile()),
					suite.edgeUrl(), "admin", suite.adminPassword());
			String token = provisioner.provision(KIOSK, EVENT, "browser kiosk", "default");
			BrowserStack stack = new BrowserStack(suite, work, freePort(), token);
			started[0] = stack;
			Map<String, Object> facts = stack.prepare();
			facts.putAll(stack.preparePolicy(provisioner));
			stack.startAgent();
			HttpServer control = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
			control.createContext("/", (exchange) -> stack.control(exchange, stop));
			control.start();
			facts.put("controlUrl", "http://127.0.0.1:" + control.getAddress().getPort());
			Files.writeString(ready, WireFormat.write(facts));
			System.out.println("BROWSER STACK READY " + facts.get("screenUrl") + " control " + facts.get("controlUrl"));
			stop.await();
			control.stop(0);
		}
		finally {
			System.exit(0);
		}
	}

	private Map<String, Object> prepare() throws IOException, InterruptedException {
		List<Map<String, String>> attendees = new ArrayList<>();
		attendees.add(attendee("att_b_1", "Zoë Müller-Lüdenscheidt", "Straße & Söhne GmbH", "zoe.mueller@example.org"));
		attendees.add(attendee("att_b_2", "François Lefèvre", "Café Crème SA", "francois@example.fr"));
		attendees.add(attendee("att_b_3", "Grace Hopper", "Navy Labs", "grace@example.com"));
		attendees.add(attendee("att_b_4", "Ada Lovelace", "Analytical Engines", "ada@example.com"));
		attendees.add(attendee("att_b_5", "Alan Turing", "Bletchley Park", "alan@example.com"));
		attendees.add(attendee("att_b_6", "Edsger Dijkstra", "Eindhoven", "edsger@example.nl"));
		attendees.add(attendee("att_b_7", "Barbara Liskov", "MIT", "barbara@example.edu"));
		attendees.add(attendee("att_b_8", "Margaret Hamilton", "Apollo Guidance", "margaret@example.com"));
		attendees.add(attendee("att_b_9", "Ken Thompson", "Bell Labs", "ken@example.com"));
		attendees.add(attendee("att_b_10", "Frances Allen", "IBM Research", "frances@example.com"));
		attendees.add(attendee("att_b_11", "Björn Østergård", "Nordlys AS", "bjorn@example.no"));
		attendees.add(attendee("att_b_12", "John Backus", "Fortran Inc", "john@example.com"));
		expect(post(this.suite.reconUrl().resolve("/admin/v1/events/" + EVENT + "/attendees"),
				WireFormat.write(attendees)), 200);
		String express = expressCode(List.of("att_b_9", "att_b_10"));
		Map<String, Object> facts = new LinkedHashMap<>();
		facts.put("screenUrl", "http://127.0.0.1:" + this.screenPort + "/");
		facts.put("kioskId", KIOSK);
		facts.put("eventId", EVENT);
		facts.put("pin", PIN);
		facts.put("idleResetSeconds", IDLE_RESET_SECONDS);
		facts.put("expressCode", express);
		facts.put("attendees", attendees);
		facts.put("opsPassword", this.suite.opsPassword());
		facts.put("printUrl", this.suite.printUrl().toString());
		return facts;
	}

	private static Map<String, String> attendee(String id, String name, String company, String email) {
		Map<String, String> attendee = new LinkedHashMap<>();
		attendee.put("attendeeId", id);
		attendee.put("displayName", name);
		attendee.put("company", company);
		attendee.put("tier", "STANDARD");
		attendee.put("email", email);
		return attendee;
	}

	/**
	 * The access-control event (#35): a policy whose main hall admits full passes once
	 * (the badge desk admits every pass), attendees with full and day passes, and three
	 * kiosks of the main hall, one per direction, each with its own agent started on
	 * demand behind a link the tests can cut. Two smaller rooms have a capacity (#36), 2
	 * and 1, an entry kiosk at the side room and a two-way one at the small room, and
	 * attendees of their own.
	 */
	private Map<String, Object> preparePolicy(KioskProvisioner provisioner) throws IOException, InterruptedException {
		expect(send("PUT", this.suite.reconUrl().resolve("/admin/v1/events/" + POLICY_EVENT + "/policy"),
				WireFormat.write(policy())), 200);
		List<Map<String, String>> attendees = new ArrayList<>();
		attendees.add(passHolder("att_p_1", "Hedy Lamarr", "full"));
		attendees.add(passHolder("att_p_2", "Katherine Johnson", "day"));
		attendees.add(passHolder("att_p_3", "Dorothy Vaughan", "day"));
		attendees.add(passHolder("att_p_4", "Mary Jackson", "full"));
		attendees.add(passHolder("att_p_5", "Annie Easley", "full"));
		attendees.add(passHolder("att_p_6", "Radia Perlman", "full"));
		// the side room's (capacity 2) and the small room's (capacity 1)
		attendees.add(passHolder("att_s_1", "Lise Meitner", "full"));
		attendees.add(passHolder("att_s_2", "Emmy Noether", "full"));
		attendees.add(passHolder("att_s_3", "Chien-Shiung Wu", "full"));
		attendees.add(passHolder("att_t_1", "Rosalind Franklin", "full"));
		attendees.add(passHolder("att_t_2", "Barbara McClintock", "full"));
		expect(post(this.suite.reconUrl().resolve("/admin/v1/events/" + POLICY_EVENT + "/attendees"),
				WireFormat.write(attendees)), 200);
		Map<String, Object> kiosks = new LinkedHashMap<>();
		for (String direction : List.of("ENTRY", "BOTH", "EXIT")) {
			kiosks.put(direction, policyKiosk(provisioner, direction, AREA, direction));
		}
		kiosks.put("SIDE_ENTRY", policyKiosk(provisioner, "SIDE_ENTRY", SIDE_ROOM, "ENTRY"));
		kiosks.put("SMALL_BOTH", policyKiosk(provisioner, "SMALL_BOTH", SMALL_ROOM, "BOTH"));
		Map<String, Object> facts = new LinkedHashMap<>();
		facts.put("policyEventId", POLICY_EVENT);
		facts.put("areaId", AREA);
		facts.put("policyAttendees", attendees);
		facts.put("policyKiosks", kiosks);
		return facts;
	}

	// one kiosk of the access-control event under its key in the control API and the
	// facts (ENTRY, SIDE_ENTRY, ...): its agent is started on demand
	private Map<String, Object> policyKiosk(KioskProvisioner provisioner, String key, String areaId, String direction)
			throws IOException, InterruptedException {
		String kioskId = "kiosk-p-" + key.toLowerCase(java.util.Locale.ROOT).replace('_', '-');
		String token = provisioner.provision(kioskId, POLICY_EVENT, "browser " + key + " kiosk", "default", areaId,
				direction);
		PolicyKiosk kiosk = new PolicyKiosk(kioskId, token, freePort(),
				new CuttableLink(this.suite.edgeUrl().getPort(), freePort()));
		this.policyKiosks.put(key, kiosk);
		return Map.of("kioskId", kioskId, "screenUrl", "http://127.0.0.1:" + kiosk.screenPort() + "/", "areaId", areaId,
				"direction", direction);
	}

	// every day of a wide range, so the machine's clock is always on one; no opening
	// windows: the areas are always open
	private static Map<String, Object> policy() {
		java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.UTC);
		List<String> days = java.util.stream.Stream.iterate(today.minusDays(2), (day) -> day.plusDays(1))
			.limit(5)
			.map(java.time.LocalDate::toString)
			.toList();
		Map<String, Object> desk = Map.of("areaId", "badge-desk", "name", "Badge desk", "admits",
				List.of("full", "day"), "reentry", "ANY", "printsBadge", true);
		Map<String, Object> hall = Map.of("areaId", AREA, "name", "Main hall", "admits", List.of("full"), "reentry",
				"ONCE");
		// rooms with a capacity and a kiosk each (#36); re-entry ANY:
		// only the capacity refuses there
		Map<String, Object> side = Map.of("areaId", SIDE_ROOM, "name", "Side room", "admits", List.of("full"),
				"reentry", "ANY", "capacity", 2);
		Map<String, Object> small = Map.of("areaId", SMALL_ROOM, "name", "Small room", "admits", List.of("full"),
				"reentry", "ANY", "capacity", 1);
		return Map.of("timeZone", "Europe/Berlin", "days", days, "ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass"), Map.of("id", "day", "name", "Day pass")), "areas",
				List.of(desk, hall, side, small));
	}

	private static Map<String, String> passHolder(String id, String name, String ticketType) {
		Map<String, String> attendee = attendee(id, name, null, id + "@example.org");
		attendee.remove("company");
		attendee.put("ticketType", ticketType);
		return attendee;
	}

	private String expressCode(List<String> attendeeIds) throws IOException, InterruptedException {
		HttpResponse<String> response = post(
				this.suite.reconUrl().resolve("/admin/v1/events/" + EVENT + "/express-codes"),
				WireFormat.write(Map.of("attendeeIds", attendeeIds)));
		expect(response, 201);
		return WireFormat.tree(response.body().getBytes(StandardCharsets.UTF_8)).get("code").asString();
	}

	private void control(HttpExchange exchange, CountDownLatch stop) throws IOException {
		try (exchange) {
			String route = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath();
			Object answer;
			switch (route) {
				case "POST /edge/stop" -> {
					this.suite.service(SuiteOptions.EDGE).stop(Duration.ofSeconds(20));
					answer = Map.of("edge", "stopped");
				}
				case "POST /edge/start" -> {
					this.suite.service(SuiteOptions.EDGE).restart(Duration.ofMinutes(3));
					answer = Map.of("edge", "started");
				}
				case "POST /agent/kill" -> {
					// SIGKILL: no shutdown hook, no flush, no close
					this.agent.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
					answer = Map.of("agent", "killed");
				}
				case "POST /agent/start" -> {
					startAgent();
					answer = Map.of("agent", "started");
				}
				case "POST /first-run/start" -> answer = startFirstRun();
				case "GET /kiosks" -> {
					HttpResponse<String> response = edgeAdmin("GET", "/admin/v1/kiosks", null);
					send(exchange, response.statusCode(), response.body());
					return;
				}
				case "POST /stop" -> {
					stop.countDown();
					answer = Map.of("stack", "stopping");
				}
				default -> {
					if (route.startsWith("POST /policy-kiosks/")) {
						send(exchange, 200,
								WireFormat.write(policyControl(route.substring("POST /policy-kiosks/".length()))));
						return;
					}
					if (route.startsWith("GET /attendees/")) {
						String id = route.substring("GET /attendees/".length());
						HttpResponse<String> response = this.http
							.send(HttpRequest.newBuilder(this.suite.reconUrl().resolve("/admin/v1/attendees/" + id))
								.header("Authorization", this.adminBasic)
								.GET()
								.build(), HttpResponse.BodyHandlers.ofString());
						send(exchange, response.statusCode(), response.body());
						return;
					}
					send(exchange, 404, "{\"error\":\"no such control\"}");
					return;
				}
			}
			send(exchange, 200, WireFormat.write(answer));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			send(exchange, 500, "{\"error\":\"interrupted\"}");
		}
		catch (IOException | RuntimeException ex) {
			send(exchange, 500, WireFormat.write(Map.of("error", String.valueOf(ex))));
		}
	}

	/**
	 * A new kiosk for the first-run page (#37): an enrolment code minted at the edge
	 * ({@code POST /admin/v1/enrolments}, a kiosk of the browser event) and
	 * {@code kiosk-agent serve} started without a token, with a configuration file that
	 * does not exist yet and {@code --edge}: it serves the first-run page.
	 */
	private synchronized Map<String, Object> startFirstRun() throws IOException, InterruptedException {
		Map<String, Object> request = Map.of("eventId", EVENT, "printerPool", "default", "profile", "KIOSK",
				"expiresInMinutes", 30);
		HttpResponse<String> minted = edgeAdmin("POST", "/admin/v1/enrolments", WireFormat.write(request));
		expect(minted, 201);
		String code = WireFormat.tree(minted.body().getBytes(StandardCharsets.UTF_8)).get("code").asString();
		int port = freePort();
		Path directory = this.work.resolve("first-run-" + (this.firstRunAgents.size() + 1));
		List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), "io.eventops.agent.cli.KioskAgentCli", "serve", "--config",
				directory.resolve("kiosk-agent.properties").toString(), "--edge", this.suite.edgeUrl().toString(),
				"--ca-file", this.suite.caFile().toString(), "--db", directory.resolve("kiosk.db").toString(),
				"--screen-port", Integer.toString(port), "--staff-pin", PIN, "--idle-reset", IDLE_RESET_SECONDS + "s",
				"--backoff-initial", "500ms", "--backoff-max", "2s", "--connect-timeout", "2s", "--request-timeout",
				"10s");
		this.firstRunAgents.add(launchAgent(command, directory.getFileName() + ".log", port, "\"firstRun\":true"));
		return Map.of("code", code, "screenUrl", "http://127.0.0.1:" + port + "/", "config",
				directory.resolve("kiosk-agent.properties").toString());
	}

	private void stopFirstRunAgents() throws InterruptedException {
		for (Process process : this.firstRunAgents) {
			if (process.isAlive()) {
				process.destroy();
				process.waitFor(20, TimeUnit.SECONDS);
			}
		}
	}

	private HttpResponse<String> edgeAdmin(String method, String path, String json)
			throws IOException, InterruptedException {
		try (HttpClient edge = KioskProvisioner.httpClient(this.suite.caFile())) {
			HttpRequest.Builder request = HttpRequest.newBuilder(this.suite.edgeUrl().resolve(path))
				.timeout(Duration.ofSeconds(30))
				.header("Authorization", this.adminBasic);
			if (json != null) {
				request.header("Content-Type", "application/json")
					.method(method, HttpRequest.BodyPublishers.ofString(json));
			}
			else {
				request.method(method, HttpRequest.BodyPublishers.noBody());
			}
			return edge.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
	}

	private synchronized void startAgent() throws IOException, InterruptedException {
		if (this.agent != null && this.agent.isAlive()) {
			return;
		}
		this.agent = launchAgent(this.agentCommand, "agent.log", this.screenPort);
	}

	// {direction}/start | stop | network/cut | network/restore
	private Map<String, Object> policyControl(String path) throws IOException, InterruptedException {
		int slash = path.indexOf('/');
		PolicyKiosk kiosk = (slash > 0) ? this.policyKiosks.get(path.substring(0, slash)) : null;
		if (kiosk == null) {
			throw new IllegalArgumentException("no such policy kiosk: " + path);
		}
		switch (path.substring(slash + 1)) {
			case "start" -> startPolicyKiosk(kiosk);
			case "stop" -> kiosk.stop();
			case "network/cut" -> kiosk.link().cut();
			case "network/restore" -> kiosk.link().restore();
			default -> throw new IllegalArgumentException("no such policy kiosk control: " + path);
		}
		return Map.of("kiosk", kiosk.kioskId(), "done", path.substring(slash + 1));
	}

	private synchronized void startPolicyKiosk(PolicyKiosk kiosk) throws IOException, InterruptedException {
		if (kiosk.running()) {
			return;
		}
		URI edge = URI.create("https://localhost:" + kiosk.link().port());
		kiosk.started(launchAgent(agentCommand(kiosk.kioskId(), edge, kiosk.token(), kiosk.screenPort()),
				kiosk.kioskId() + ".log", kiosk.screenPort()));
	}

	private void stopPolicyKiosks() throws InterruptedException {
		for (PolicyKiosk kiosk : this.policyKiosks.values()) {
			kiosk.stop();
			kiosk.link().close();
		}
	}

	private Process launchAgent(List<String> command, String log, int port) throws IOException, InterruptedException {
		return launchAgent(command, log, port, "\"ready\":true");
	}

	// started once its status answers with the given text
	private Process launchAgent(List<String> command, String log, int port, String ready)
			throws IOException, InterruptedException {
		Process agent = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.work.resolve(log).toFile()))
			.start();
		URI status = URI.create("http://127.0.0.1:" + port + "/api/status");
		long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
		while (System.nanoTime() < deadline) {
			try {
				HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(status).GET().build(),
						HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200 && response.body().contains(ready)) {
					return agent;
				}
			}
			catch (IOException notYet) {
				// not listening yet
			}
			if (!agent.isAlive()) {
				throw new IllegalStateException("kiosk-agent serve exited: see " + this.work.resolve(log));
			}
			Thread.sleep(200);
		}
		agent.destroyForcibly();
		throw new IllegalStateException("kiosk-agent serve did not become ready: see " + this.work.resolve(log));
	}

	private void stopAgent() throws InterruptedException {
		if (this.agent != null && this.agent.isAlive()) {
			this.agent.destroy();
			this.agent.waitFor(20, TimeUnit.SECONDS);
		}
	}

	private HttpResponse<String> post(URI uri, String json) throws IOException, InterruptedException {
		return send("POST", uri, json);
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
			throw new IllegalStateException(
					response.uri() + " answered " + response.statusCode() + " " + response.body());
		}
	}

	private static void send(HttpExchange exchange, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		// one connection per control call: node's fetch keeps connections alive and would
		// send the next call on one this server is just closing ("other side closed",
		// seen
		// in CI)
		exchange.getResponseHeaders().set("Connection", "close");
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	/**
	 * One kiosk of the access-control event: its agent runs only while a test needs it.
	 */
	private static final class PolicyKiosk {

		private final String kioskId;

		private final String token;

		private final int screenPort;

		private final CuttableLink link;

		private Process agent;

		PolicyKiosk(String kioskId, String token, int screenPort, CuttableLink link) {
			this.kioskId = kioskId;
			this.token = token;
			this.screenPort = screenPort;
			this.link = link;
		}

		String kioskId() {
			return this.kioskId;
		}

		String token() {
			return this.token;
		}

		int screenPort() {
			return this.screenPort;
		}

		CuttableLink link() {
			return this.link;
		}

		synchronized boolean running() {
			return this.agent != null && this.agent.isAlive();
		}

		synchronized void started(Process process) {
			this.agent = process;
		}

		synchronized void stop() throws InterruptedException {
			if (this.agent != null && this.agent.isAlive()) {
				this.agent.destroy();
				this.agent.waitFor(20, TimeUnit.SECONDS);
			}
		}

	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	private static void deleteRecursively(Path directory) throws IOException {
		if (!Files.exists(directory)) {
			return;
		}
		try (var paths = Files.walk(directory)) {
			for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
