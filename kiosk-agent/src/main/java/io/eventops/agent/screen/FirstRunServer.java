package io.eventops.agent.screen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.enrol.Enrolment;
import io.eventops.model.express.ExpressCodeText;
import tools.jackson.databind.JsonNode;

/**
 * The kiosk screen's first-run page (#37): {@code kiosk-agent serve} started without a
 * token and with a configuration file that does not exist yet serves, on the screen's
 * usual loopback port, a page where whoever sets the kiosk up types or scans its one-time
 * enrolment code. {@code POST /api/enrol {code, label?}} redeems it through
 * {@link Enrolment} (the file written readable by its owner only, the edge's certificate
 * pinned, as {@code kiosk-agent enroll} does); once enrolled, the agent opens from that
 * file and the same port serves the normal screen, without a restart. Before that no
 * agent, no log and no attendee cache exist: nothing personal is on the device. The same
 * host and origin checks as the screen's apply.
 */
public final class FirstRunServer implements AutoCloseable {

	private final HttpServer server;

	private final Set<String> hosts;

	private final ScreenSettings settings;

	private final Enrolment enrolment;

	private final Supplier<KioskAgent.Builder> agent;

	private final Object enrolling = new Object();

	private volatile ScreenServer.Running running;

	private FirstRunServer(HttpServer server, ScreenSettings settings, Enrolment enrolment,
			Supplier<KioskAgent.Builder> agent) {
		this.server = server;
		this.hosts = ScreenServer.hosts(server);
		this.settings = settings;
		this.enrolment = enrolment;
		this.agent = agent;
	}

	/**
	 * Serves the first-run page.
	 * @param settings the screen's settings (its port, PIN, language: the normal screen's
	 * after enrolment)
	 * @param enrolment where to redeem the code and write the configuration
	 * @param agent the agent's builder, read from the configuration file once it is
	 * written
	 * @return the running page
	 * @throws IOException when the port cannot be bound
	 */
	public static FirstRunServer open(ScreenSettings settings, Enrolment enrolment, Supplier<KioskAgent.Builder> agent)
			throws IOException {
		HttpServer server = ScreenServer.bind(settings.port());
		FirstRunServer firstRun = new FirstRunServer(server, settings, enrolment, agent);
		server.createContext("/", firstRun::handle);
		server.start();
		return firstRun;
	}

	/**
	 * The screen's address.
	 * @return e.g. {@code http://127.0.0.1:8090/}
	 */
	public String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/";
	}

	/**
	 * The agent serving the normal screen, once the kiosk is enrolled.
	 * @return the running screen, or {@code null} before enrolment
	 */
	public ScreenServer.Running running() {
		return this.running;
	}

	private void handle(HttpExchange exchange) throws IOException {
		ScreenServer.Running enrolled = this.running;
		if (enrolled != null) {
			enrolled.screen().handle(exchange);
			return;
		}
		try (exchange) {
			if (!ScreenServer.admitted(exchange, this.hosts)) {
				return;
			}
			String method = exchange.getRequestMethod();
			String path = exchange.getRequestURI().getPath();
			String route = method + " " + path;
			if (route.equals("GET /api/status")) {
				status(exchange);
			}
			else if (route.equals("POST /api/enrol")) {
				enrol(exchange);
			}
			else if (path.startsWith("/api/")) {
				// the normal screen's API is not there before enrolment: nothing to
				// search
				Http.problem(exchange, 503, "not-enrolled", "this kiosk is not enrolled yet");
			}
			else if ("GET".equals(method) || "HEAD".equals(method)) {
				ScreenServer.serveFile(exchange, path);
			}
			else {
				Http.problem(exchange, 405, "method-not-allowed", route);
			}
		}
		catch (InterruptedException ex) {
			// the agent is stopping
			Thread.currentThread().interrupt();
		}
		catch (RuntimeException ex) {
			System.err.println("kiosk-screen: " + exchange.getRequestURI().getPath() + " failed: " + ex);
			try {
				Http.problem(exchange, 500, "kiosk-error", "the kiosk could not do this; call staff");
			}
			catch (IOException | RuntimeException alreadySent) {
				// the answer was under way: nothing more to say
			}
		}
	}

	private void status(HttpExchange exchange) throws IOException {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("firstRun", true);
		body.put("ready", false);
		body.put("edge", this.enrolment.edge().toString());
		body.put("language", this.settings.language());
		body.put("languages", ScreenSettings.LANGUAGES);
		Http.send(exchange, 200, body);
	}

	private void enrol(HttpExchange exchange) throws IOException, InterruptedException {
		JsonNode body = Http.body(exchange);
		String typed = (body != null) ? Http.text(body, "code") : null;
		String label = (body != null) ? Http.text(body, "label") : null;
		// as the edge reads it (ExpressCodeText): case, hyphens and spaces do not
		// matter, I and L are 1, O is 0
		String code = ExpressCodeText.canonicalOrNull(typed);
		if (code == null) {
			Http.problem(exchange, 400, "malformed-enrolment-code", "an enrolment code has 10 letters and digits");
			return;
		}
		if (label != null && label.strip().length() > 100) {
			Http.problem(exchange, 400, "malformed-label", "the label has at most 100 characters");
			return;
		}
		// one enrolment at a time: a second press while the first is under way waits,
		// then finds the kiosk enrolled
		synchronized (this.enrolling) {
			if (this.running != null) {
				Http.problem(exchange, 409, "already-enrolled", "this kiosk is enrolled already");
				return;
			}
			Enrolment.Outcome outcome;
			try {
				outcome = this.enrolment.enrol(code, label);
			}
			catch (IllegalArgumentException ex) {
				// the configuration file exists: another process enrolled this device
				Http.problem(exchange, 409, "already-enrolled", ex.getMessage());
				return;
			}
			switch (outcome) {
				case Enrolment.Enrolled enrolled -> opened(exchange, enrolled);
				case Enrolment.Refused refused -> refused(exchange, refused);
				case Enrolment.Unreachable unreachable -> {
					System.err.println("kiosk-screen: enrolment: " + unreachable.message());
					Http.problem(exchange, 502, "edge-unreachable", unreachable.message());
				}
				case Enrolment.LogInUse taken -> logInUse(exchange, taken);
				case Enrolment.NotWritable notWritable -> {
					System.err.println("kiosk-screen: enrolment: " + notWritable.config() + " cannot be written ("
							+ notWritable.reason() + "); the code was not used");
					Http.problem(exchange, 500, "config-not-writable",
							"the configuration file " + notWritable.config()
									+ " cannot be written; the code was not used; call staff",
							Map.of("path", notWritable.config().toString()));
				}
			}
		}
	}

	// the configuration is written: the agent opens from it and the port serves the
	// normal screen from the next request on
	private void opened(HttpExchange exchange, Enrolment.Enrolled enrolled) throws IOException {
		ScreenServer.Running screen;
		try {
			screen = ScreenServer.attach(this.server, this.agent.get(), this.settings);
		}
		catch (IllegalArgumentException | UncheckedIOException | IllegalStateException ex) {
			// enrolled, but the agent does not start from the file (a bad setting given
			// with it): staff fix it and restart; the code is used
			System.err
				.println("kiosk-screen: enrolled as " + enrolled.kioskId() + ", but the agent did not start: " + ex);
			Http.problem(exchange, 500, "agent-not-started",
					"enrolled as " + enrolled.kioskId() + ", but the agent did not start; call staff");
			return;
		}
		this.running = screen;
		System.out.println("ENROLLED kiosk=" + enrolled.kioskId() + " event=" + enrolled.eventId() + " profile="
				+ enrolled.profile() + " config=" + enrolled.config() + " edge-cert-sha256="
				+ enrolled.edgeCertSha256());
		System.out.println("SCREEN " + url() + " kiosk=" + enrolled.kioskId());
		System.out.flush();
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("kioskId", enrolled.kioskId());
		answer.put("eventId", enrolled.eventId());
		answer.put("areaId", "-".equals(enrolled.areaId()) ? null : enrolled.areaId());
		answer.put("direction", enrolled.direction());
		answer.put("profile", enrolled.profile());
		Http.send(exchange, 201, answer);
	}

	// the edge's problem, passed on by its type (the page has a text per type): 404
	// unknown, 410 used or expired, 409 kiosk-exists, 422, 429 rate-limited
	private static void refused(HttpExchange exchange, Enrolment.Refused refused) throws IOException {
		String type = refused.type();
		String suffix = (type != null && type.contains("/")) ? type.substring(type.lastIndexOf('/') + 1) : "";
		if (!suffix.matches("[a-z0-9-]{1,64}")) {
			suffix = "enrolment-refused";
		}
		int status = (refused.status() >= 400 && refused.status() < 500) ? refused.status() : 502;
		Http.problem(exchange, status, suffix, "the edge refused the code: " + refused.detail(),
				Map.of("edgeStatus", refused.status()));
	}

	// the log at --db belongs to another kiosk (a device re-enrolled that kept its log):
	// the new kiosk could not open it, so the code is not redeemed
	private static void logInUse(HttpExchange exchange, Enrolment.LogInUse taken) throws IOException {
		String owner = (taken.kioskId() != null) ? "kiosk " + taken.kioskId() : "no kiosk this agent can read";
		System.err.println("kiosk-screen: enrolment refused: the log " + taken.log() + " belongs to " + owner
				+ "; the code was not used");
		Map<String, Object> extra = new LinkedHashMap<>();
		extra.put("log", taken.log().toString());
		extra.put("kioskId", taken.kioskId());
		Http.problem(exchange, 409, "log-belongs-to-another-kiosk",
				"the log " + taken.log() + " belongs to " + owner
						+ ": export its entries (kiosk-agent export) and move the log away, or restore that kiosk's "
						+ "configuration; the code was not used",
				extra);
	}

	@Override
	public void close() {
		ScreenServer.Running enrolled = this.running;
		if (enrolled != null) {
			enrolled.close();
		}
		else {
			this.server.stop(1);
		}
	}

}
