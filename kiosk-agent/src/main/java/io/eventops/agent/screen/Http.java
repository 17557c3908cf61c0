package io.eventops.agent.screen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import com.sun.net.httpserver.HttpExchange;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The screen API's few HTTP chores: JSON in and out, RFC 9457 problems whose text is ours
 * (never an exception's), query parameters.
 */
final class Http {

	static final String PROBLEM_BASE = "https://eventops.io/problems/kiosk-screen/";

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final int MAX_BODY = 16 * 1024;

	private Http() {
	}

	static void send(HttpExchange exchange, int status, Object body) throws IOException {
		byte[] bytes = json.writeValueAsBytes(body);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		exchange.getResponseHeaders().set("Cache-Control", "no-store");
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	/**
	 * Sends a problem.
	 * @param exchange the exchange
	 * @param status the status
	 * @param type the problem type's last segment, e.g. {@code unknown-attendee}
	 * @param detail what happened, for logs and staff (the screen shows its own text per
	 * type)
	 * @param extra further members, e.g. {@code checkedInAt}
	 * @throws IOException when the answer cannot be written
	 */
	static void problem(HttpExchange exchange, int status, String type, String detail, Map<String, Object> extra)
			throws IOException {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", PROBLEM_BASE + type);
		body.put("title", type.replace('-', ' '));
		body.put("status", status);
		body.put("detail", detail);
		body.putAll(extra);
		byte[] bytes = json.writeValueAsBytes(body);
		exchange.getResponseHeaders().set("Content-Type", "application/problem+json");
		exchange.getResponseHeaders().set("Cache-Control", "no-store");
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	static void problem(HttpExchange exchange, int status, String type, String detail) throws IOException {
		problem(exchange, status, type, detail, Map.of());
	}

	/**
	 * Reads a JSON object body.
	 * @param exchange the exchange
	 * @return the object, or {@code null} when the body is not a JSON object (the caller
	 * answers 400)
	 * @throws IOException when the body cannot be read
	 */
	static JsonNode body(HttpExchange exchange) throws IOException {
		try (InputStream in = exchange.getRequestBody()) {
			byte[] bytes = in.readNBytes(MAX_BODY + 1);
			if (bytes.length > MAX_BODY) {
				return null;
			}
			JsonNode node = json.readTree(bytes);
			return (node != null && node.isObject()) ? node : null;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	static String text(JsonNode body, String field) {
		JsonNode value = body.get(field);
		return (value != null && value.isString()) ? value.asString() : null;
	}

	static Map<String, String> query(HttpExchange exchange) {
		Map<String, String> parameters = new LinkedHashMap<>();
		String raw = exchange.getRequestURI().getRawQuery();
		if (raw == null) {
			return parameters;
		}
		for (String pair : raw.split("&")) {
			int eq = pair.indexOf('=');
			String name = URLDecoder.decode((eq < 0) ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
			String value = (eq < 0) ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
			parameters.putIfAbsent(name, value);
		}
		return parameters;
	}

	static JsonNode tree(byte[] body) {
		try {
			return json.readTree(body);
		}
		catch (JacksonException ex) {
			return null;
		}
	}

}
