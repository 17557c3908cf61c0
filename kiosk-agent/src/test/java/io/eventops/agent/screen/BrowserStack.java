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

	private final RunningSuite suite;

	private final Path work;

	private final List<String> agentCommand;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String adminBasic;

	private final int screenPort;

	private Process agent;

	private BrowserStack(RunningSuite suite, Path work, int screenPort, String token) {
		this.suite = suite;
		this.work = work;
		this.screenPort = screenPort;
		this.adminBasic = "Basic " + Base64.getEncoder()
			.encodeToString(("admin:" + suite.adminPassword()).getBytes(StandardCharsets.UTF_8));
		this.agentCommand = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), "io.eventops.agent.cli.KioskAgentCli", "serve", "--kiosk-id",
				KIOSK, "--edge-url", suite.edgeUrl().toString(), "--ca-file", suite.caFile().toString(), "--token",
				token, "--db", work.resolve(KIOSK + ".kiosk.db").toString(), "--screen-port",
				Integer.toString(screenPort), "--staff-pin", PIN, "--idle-reset", IDLE_RESET_SECONDS + "s",
				"--backoff-initial", "500ms", "--backoff-max", "2s", "--connect-timeout", "2s", "--request-timeout",
				"10s");
	}

	public static void main(String[] args) throws Exception {
		Path ready = Path.of(args[0]).toAbsolutePath();
		Path home = Path.of(args.length > 1 ? args[1] : ".").toAbsolutePath().normalize();
		Path work = home.resolve("kiosk-agent/target/browser-stack");
		deleteRecursively(work);
		Files.createDirectories(work);
		SuiteOptions options = SuiteOptions.defaults(home, work.resolve("suite"))
			.withFreePorts(2)
			.withLabelTime(Duration.ofMillis(1500));
		RunningSuite suite = SuiteLauncher.start(options);
		CountDownLatch stop = new CountDownLatch(1);
		BrowserStack[] started = new BrowserStack[1];
		// SIGTERM (run.sh's cleanup) and POST /stop both end here: the agent, then the
		// suite's services and databases, so that nothing outlives the stack
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			try {
				if (started[0] != null) {
					started[0].stopAgent();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			suite.close();
		}));
		try {
			String token = new KioskProvisioner(KioskProvisioner.httpClient(suite.caFile()), suite.edgeUrl(), "admin",
					suite.adminPassword())
				.provision(KIOSK, EVENT, "browser kiosk", "default");
			BrowserStack stack = new BrowserStack(suite, work, freePort(), token);
			started[0] = stack;
			Map<String, Object> facts = stack.prepare();
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
				case "POST /stop" -> {
					stop.countDown();
					answer = Map.of("stack", "stopping");
				}
				default -> {
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

	private synchronized void startAgent() throws IOException, InterruptedException {
		if (this.agent != null && this.agent.isAlive()) {
			return;
		}
		this.agent = new ProcessBuilder(this.agentCommand).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.work.resolve("agent.log").toFile()))
			.start();
		URI status = URI.create("http://127.0.0.1:" + this.screenPort + "/api/status");
		long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
		while (System.nanoTime() < deadline) {
			try {
				HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(status).GET().build(),
						HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200 && response.body().contains("\"ready\":true")) {
					return;
				}
			}
			catch (IOException notYet) {
				// not listening yet
			}
			if (!this.agent.isAlive()) {
				throw new IllegalStateException("kiosk-agent serve exited: see " + this.work.resolve("agent.log"));
			}
			Thread.sleep(200);
		}
		throw new IllegalStateException(
				"kiosk-agent serve did not become ready: see " + this.work.resolve("agent.log"));
	}

	private void stopAgent() throws InterruptedException {
		if (this.agent != null && this.agent.isAlive()) {
			this.agent.destroy();
			this.agent.waitFor(20, TimeUnit.SECONDS);
		}
	}

	private HttpResponse<String> post(URI uri, String json) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(uri)
			.timeout(Duration.ofSeconds(30))
			.header("Authorization", this.adminBasic)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
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
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
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
