package io.eventops.agent.screen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.eventops.agent.KioskAgent;

/**
 * Serves the kiosk screen and its API on 127.0.0.1 only (the JDK's HTTP server, no
 * framework): static files from the jar's {@code kiosk-screen/} resources and
 * {@code /api/…}. Requests must name this host (a web page elsewhere cannot reach the API
 * by DNS rebinding) and state-changing ones must come from the screen's own origin.
 */
public final class ScreenServer implements AutoCloseable {

	private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "js",
			"text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "json",
			"application/json; charset=utf-8", "svg", "image/svg+xml", "png", "image/png");

	private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
			+ "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

	private final HttpServer server;

	private final EdgeLink link;

	private final ScreenApi api;

	private final StaffApi staff;

	private final AtomicReference<String> language;

	private final Set<String> hosts;

	private ScreenServer(KioskAgent agent, ScreenSettings settings, Clock clock, Duration longPoll) throws IOException {
		this(bind(settings.port()), agent, settings, clock, longPoll);
		this.server.createContext("/", this::handle);
	}

	// on a server bound already (the first-run page's, #37): its owner routes to handle
	private ScreenServer(HttpServer server, KioskAgent agent, ScreenSettings settings, Clock clock, Duration longPoll) {
		this.server = server;
		this.hosts = hosts(server);
		this.link = new EdgeLink(agent, clock, longPoll);
		this.language = new AtomicReference<>(settings.language());
		this.api = new ScreenApi(agent, this.link, settings, clock);
		this.staff = new StaffApi(agent, this.link, new StaffPin(settings.staffPin(), clock), clock, this.language);
	}

	/**
	 * Binds the screen's port on 127.0.0.1, not started yet.
	 * @param port the port, 0 for any free one
	 * @return the server
	 * @throws IOException when the port cannot be bound
	 */
	static HttpServer bind(int port) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
		server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
		return server;
	}

	/**
	 * The host names a request to this server must carry.
	 * @param server the bound server
	 * @return {@code 127.0.0.1:<port>} and {@code localhost:<port>}
	 */
	static Set<String> hosts(HttpServer server) {
		int port = server.getAddress().getPort();
		return Set.of("127.0.0.1:" + port, "localhost:" + port);
	}

	/**
	 * Opens the agent and serves its screen on a server that is bound and running already
	 * (the first-run page's, #37): the caller routes its requests to {@link #handle} from
	 * then on.
	 * @param server the server
	 * @param agentBuilder the agent's builder
	 * @param settings the screen's settings
	 * @return the running screen (closing it stops the server and the agent)
	 */
	static Running attach(HttpServer server, KioskAgent.Builder agentBuilder, ScreenSettings settings) {
		RoundListener listener = new RoundListener();
		KioskAgent agent = agentBuilder.onRound(listener).open();
		try {
			ScreenServer screen = new ScreenServer(server, agent, settings, Clock.systemDefaultZone(),
					EdgeLink.LONG_POLL);
			listener.target = screen.link;
			screen.link.start();
			agent.start();
			return new Running(agent, screen);
		}
		catch (RuntimeException ex) {
			agent.close();
			throw ex;
		}
	}

	/**
	 * Starts the screen: the agent's flush loop must run already (see {@link #listener}).
	 * @param agent the agent (opened with {@link #listener} as its round listener)
	 * @param settings the screen's settings
	 * @param clock the clock
	 * @param holder receives the edge link before the agent starts flushing
	 * @return the running server
	 * @throws IOException when the port cannot be bound
	 */
	static ScreenServer start(KioskAgent agent, ScreenSettings settings, Clock clock, RoundListener holder)
			throws IOException {
		return start(agent, settings, clock, holder, EdgeLink.LONG_POLL);
	}

	private static ScreenServer start(KioskAgent agent, ScreenSettings settings, Clock clock, RoundListener holder,
			Duration longPoll) throws IOException {
		ScreenServer screen = new ScreenServer(agent, settings, clock, longPoll);
		holder.target = screen.link;
		screen.link.start();
		screen.server.start();
		return screen;
	}

	/**
	 * Opens the agent and serves its screen.
	 * @param agentBuilder the agent's builder
	 * @param settings the screen's settings
	 * @return the running screen (closing it stops the server, not the agent)
	 * @throws IOException when the port cannot be bound
	 */
	public static Running open(KioskAgent.Builder agentBuilder, ScreenSettings settings) throws IOException {
		return open(agentBuilder, settings, EdgeLink.LONG_POLL);
	}

	/**
	 * Opens the agent and serves its screen, its cache long-polling the edge for at most
	 * the given time: tests that cut the network shorten it, since a poll in flight only
	 * notices the cut when it ends.
	 * @param agentBuilder the agent's builder
	 * @param settings the screen's settings
	 * @param longPoll how long one cache poll may wait for changes
	 * @return the running screen
	 * @throws IOException when the port cannot be bound
	 */
	static Running open(KioskAgent.Builder agentBuilder, ScreenSettings settings, Duration longPoll)
			throws IOException {
		RoundListener listener = new RoundListener();
		KioskAgent agent = agentBuilder.onRound(listener).open();
		try {
			ScreenServer screen = start(agent, settings, Clock.systemDefaultZone(), listener, longPoll);
			agent.start();
			return new Running(agent, screen);
		}
		catch (IOException | RuntimeException ex) {
			agent.close();
			throw ex;
		}
	}

	/**
	 * The screen's address.
	 * @return e.g. {@code http://127.0.0.1:8090/}
	 */
	public String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/";
	}

	/**
	 * The checks every request passes first: it names this host (no DNS rebinding), and
	 * one that changes anything comes from the screen's own origin.
	 * @param exchange the exchange
	 * @param hosts the host names of this server
	 * @return whether the request may go on; otherwise it has its problem
	 * @throws IOException when the answer cannot be written
	 */
	static boolean admitted(HttpExchange exchange, Set<String> hosts) throws IOException {
		exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
		exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
		String host = exchange.getRequestHeaders().getFirst("Host");
		if (host == null || !hosts.contains(host)) {
			Http.problem(exchange, 421, "wrong-host", "the screen answers on 127.0.0.1 only");
			return false;
		}
		String method = exchange.getRequestMethod();
		if (!"GET".equals(method) && !"HEAD".equals(method)) {
			String origin = exchange.getRequestHeaders().getFirst("Origin");
			if (origin != null && !hosts.contains(origin.replaceFirst("^http://", ""))) {
				Http.problem(exchange, 403, "wrong-origin", "only the kiosk screen may change anything");
				return false;
			}
		}
		return true;
	}

	void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			if (!admitted(exchange, this.hosts)) {
				return;
			}
			String method = exchange.getRequestMethod();
			String path = exchange.getRequestURI().getPath();
			if (path.startsWith("/api/")) {
				route(exchange, method, path);
			}
			else if ("GET".equals(method) || "HEAD".equals(method)) {
				serveFile(exchange, path);
			}
			else {
				Http.problem(exchange, 405, "method-not-allowed", method + " " + path);
			}
		}
		catch (RuntimeException ex) {
			// never a stack trace on the screen; the agent's log keeps what is needed
			System.err.println("kiosk-screen: " + exchange.getRequestURI().getPath() + " failed: " + ex);
			try {
				Http.problem(exchange, 500, "kiosk-error", "the kiosk could not do this; call staff");
			}
			catch (IOException | RuntimeException alreadySent) {
				// the answer was under way: nothing more to say
			}
		}
	}

	private void route(HttpExchange exchange, String method, String path) throws IOException {
		String route = method + " " + path;
		if (route.equals("GET /api/status")) {
			this.api.status(exchange, this.language.get());
		}
		else if (route.equals("GET /api/search")) {
			this.api.search(exchange);
		}
		else if (route.startsWith("GET /api/attendees/") && path.endsWith("/badge")) {
			this.api.badge(exchange, path.substring("/api/attendees/".length(), path.length() - "/badge".length()));
		}
		else if (route.startsWith("GET /api/attendees/")) {
			this.api.attendee(exchange, path.substring("/api/attendees/".length()));
		}
		else if (route.equals("POST /api/check-ins")) {
			this.api.checkIn(exchange);
		}
		else if (route.equals("POST /api/scans")) {
			this.api.scan(exchange);
		}
		else if (route.equals("POST /api/annulments")) {
			this.api.annul(exchange);
		}
		else if (route.equals("POST /api/express-codes")) {
			this.api.express(exchange);
		}
		else if (route.equals("POST /api/staff/session")) {
			this.staff.login(exchange);
		}
		else if (route.startsWith("GET /api/staff/") || route.startsWith("POST /api/staff/")
				|| route.startsWith("DELETE /api/staff/")) {
			staff(exchange, route);
		}
		else {
			Http.problem(exchange, 404, "not-found", "no such resource: " + route);
		}
	}

	private void staff(HttpExchange exchange, String route) throws IOException {
		if (!this.staff.authorised(exchange)) {
			return;
		}
		switch (route) {
			case "GET /api/staff/summary" -> this.staff.summary(exchange);
			case "POST /api/staff/flush" -> this.staff.flush(exchange);
			case "POST /api/staff/language" -> this.staff.language(exchange);
			case "DELETE /api/staff/session" -> this.staff.logout(exchange);
			default -> Http.problem(exchange, 404, "not-found", "no such resource: " + route);
		}
	}

	static void serveFile(HttpExchange exchange, String path) throws IOException {
		String file = path.equals("/") ? "index.html" : path.substring(1);
		if (file.contains("..") || file.contains("//") || !file.matches("[A-Za-z0-9_./-]+")) {
			Http.problem(exchange, 404, "not-found", "no such file");
			return;
		}
		String extension = file.substring(file.lastIndexOf('.') + 1);
		String type = TYPES.get(extension);
		try (InputStream in = ScreenServer.class.getResourceAsStream("/kiosk-screen/" + file)) {
			if (in == null || type == null) {
				Http.problem(exchange, 404, "not-found", "no such file");
				return;
			}
			byte[] bytes = in.readAllBytes();
			exchange.getResponseHeaders().set("Content-Type", type);
			exchange.getResponseHeaders().set("Cache-Control", "no-cache");
			exchange.getResponseHeaders().set("Content-Security-Policy", CSP);
			if ("HEAD".equals(exchange.getRequestMethod())) {
				exchange.sendResponseHeaders(200, -1);
				return;
			}
			exchange.sendResponseHeaders(200, bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		}
	}

	@Override
	public void close() {
		this.server.stop(1);
		this.link.close();
	}

	/**
	 * Hands the flush loop's rounds to the edge link, which exists only once the screen
	 * is built (after the agent).
	 */
	static final class RoundListener implements java.util.function.Consumer<io.eventops.agent.flush.FlushRound> {

		private volatile EdgeLink target;

		@Override
		public void accept(io.eventops.agent.flush.FlushRound round) {
			EdgeLink link = this.target;
			if (link != null) {
				link.noteRound(round);
			}
		}

	}

	/**
	 * An agent serving its screen.
	 *
	 * @param agent the agent
	 * @param screen the screen
	 */
	public record Running(KioskAgent agent, ScreenServer screen) implements AutoCloseable {

		@Override
		public void close() {
			this.screen.close();
			this.agent.close();
		}

	}

}
