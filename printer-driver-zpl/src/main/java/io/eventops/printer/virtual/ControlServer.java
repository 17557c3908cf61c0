package io.eventops.printer.virtual;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A small HTTP interface to a virtual printer, so faults can be injected and printed
 * labels read from outside its JVM (local stack, docker-compose, drills).
 */
final class ControlServer implements AutoCloseable {

	private final HttpServer server;

	private final VirtualPrinter printer;

	private ControlServer(HttpServer server, VirtualPrinter printer) {
		this.server = server;
		this.printer = printer;
	}

	/**
	 * Starts serving {@code POST
	 * /faults/{paper-out|head-open|pause|resume|jam|cancel|swallow|die}},
	 * {@code POST /faults/slow?millis=}, {@code POST /faults/blip?millis=},
	 * {@code POST /faults/restart?millis=}, {@code POST /clear}, {@code GET /labels}
	 * (JSON lines) and {@code GET /status} (JSON).
	 * @param printer the printer to control
	 * @param host address to bind
	 * @param port port to bind, 0 for an ephemeral one
	 * @return the running server
	 * @throws IOException when the port cannot be bound
	 */
	static ControlServer start(VirtualPrinter printer, String host, int port) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
		ControlServer control = new ControlServer(server, printer);
		server.createContext("/faults/", control::fault);
		server.createContext("/clear", (exchange) -> control.post(exchange, (query) -> printer.clear()));
		server.createContext("/labels", control::labels);
		server.createContext("/status", control::status);
		server.start();
		return control;
	}

	int port() {
		return this.server.getAddress().getPort();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	private void fault(HttpExchange exchange) throws IOException {
		String fault = exchange.getRequestURI().getPath().substring("/faults/".length());
		Consumer<Map<String, String>> action = switch (fault) {
			case "paper-out" -> (query) -> this.printer.paperOut();
			case "head-open" -> (query) -> this.printer.headOpen();
			case "pause" -> (query) -> this.printer.pause();
			case "resume" -> (query) -> this.printer.resume();
			case "jam" -> (query) -> this.printer.jam();
			case "cancel" -> (query) -> this.printer.cancel();
			case "swallow" -> (query) -> this.printer.swallowNext();
			case "restart" -> (query) -> this.printer.restart(millis(query));
			case "die" -> (query) -> this.printer.die();
			case "clear" -> (query) -> this.printer.clear();
			case "slow" -> (query) -> this.printer.slow(millis(query));
			case "blip" -> (query) -> this.printer.blip(millis(query));
			default -> null;
		};
		if (action == null) {
			respond(exchange, 404, "text/plain", "unknown fault " + fault + "\n");
			return;
		}
		post(exchange, action);
	}

	private void post(HttpExchange exchange, Consumer<Map<String, String>> action) throws IOException {
		if (!"POST".equals(exchange.getRequestMethod())) {
			respond(exchange, 405, "text/plain", "use POST\n");
			return;
		}
		try {
			action.accept(query(exchange));
		}
		catch (IllegalArgumentException ex) {
			respond(exchange, 400, "text/plain", ex.getMessage() + "\n");
			return;
		}
		respond(exchange, 200, "application/json", Json.state(this.printer.name(), this.printer.state()) + "\n");
	}

	private void labels(HttpExchange exchange) throws IOException {
		String body = this.printer.printedLabels()
			.stream()
			.map((label) -> Json.label(label) + "\n")
			.collect(Collectors.joining());
		respond(exchange, 200, "application/x-ndjson", body);
	}

	private void status(HttpExchange exchange) throws IOException {
		respond(exchange, 200, "application/json", Json.state(this.printer.name(), this.printer.state()) + "\n");
	}

	private static Duration millis(Map<String, String> query) {
		String millis = query.get("millis");
		if (millis == null || !millis.matches("\\d{1,9}")) {
			throw new IllegalArgumentException("query parameter millis (0..999999999) is required");
		}
		return Duration.ofMillis(Long.parseLong(millis));
	}

	private static Map<String, String> query(HttpExchange exchange) {
		String query = exchange.getRequestURI().getQuery();
		if (query == null || query.isEmpty()) {
			return Map.of();
		}
		return Arrays.stream(query.split("&"))
			.map((pair) -> pair.split("=", 2))
			.collect(Collectors.toMap((pair) -> pair[0], (pair) -> (pair.length > 1) ? pair[1] : "",
					(first, second) -> second));
	}

	private static void respond(HttpExchange exchange, int status, String contentType, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", contentType + "; charset=utf-8");
		exchange.sendResponseHeaders(status, (bytes.length > 0) ? bytes.length : -1);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

}
