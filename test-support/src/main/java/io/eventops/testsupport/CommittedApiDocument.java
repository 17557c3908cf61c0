package io.eventops.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Holds a running service's OpenAPI document to the one committed under
 * {@code docs/openapi/}, so that a change of the API is always a visible change of that
 * file; run the tests with {@code -Deventops.openapi.write=true} to rewrite the file from
 * the running service instead.
 */
public final class CommittedApiDocument {

	/** The system property that rewrites the committed documents instead of comparing. */
	public static final String WRITE_PROPERTY = "eventops.openapi.write";

	private static final JsonMapper json = JsonMapper.builder()
		.enable(SerializationFeature.INDENT_OUTPUT)
		.enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
		.build();

	private CommittedApiDocument() {
	}

	/**
	 * Fetches the document from a service's management port.
	 * @param managementPort the port
	 * @return the document as served
	 */
	public static String fetch(int managementPort) {
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + "/actuator/openapi"))
					.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 200) {
				throw new AssertionError(
						"GET /actuator/openapi answered " + response.statusCode() + ": " + response.body());
			}
			return response.body();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Compares the served document with the committed file, or rewrites the file when
	 * {@value #WRITE_PROPERTY} is true.
	 * @param service the service's module name, which names the file
	 * @param served the document as served
	 */
	public static void assertMatches(String service, String served) {
		Path file = file(service);
		String canonical = canonical(served);
		if (Boolean.getBoolean(WRITE_PROPERTY)) {
			try {
				Files.createDirectories(file.getParent());
				Files.writeString(file, canonical, StandardCharsets.UTF_8);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return;
		}
		if (!Files.exists(file)) {
			throw new AssertionError(
					file + " is missing: run the tests with -D" + WRITE_PROPERTY + "=true to write it");
		}
		try {
			String committed = Files.readString(file, StandardCharsets.UTF_8);
			if (!committed.equals(canonical)) {
				throw new AssertionError("The API of " + service + " changed (first difference at line "
						+ firstDifference(committed, canonical) + "): review the change and rewrite " + file
						+ " with -D" + WRITE_PROPERTY + "=true");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static int firstDifference(String committed, String served) {
		String[] left = committed.split("\n", -1);
		String[] right = served.split("\n", -1);
		int line = 0;
		while (line < left.length && line < right.length && left[line].equals(right[line])) {
			line++;
		}
		return line + 1;
	}

	/**
	 * The document with sorted keys and indented, as committed.
	 * @param document a document
	 * @return its canonical form
	 */
	public static String canonical(String document) {
		JsonNode tree = json.readTree(document);
		return json.writeValueAsString(json.treeToValue(tree, Object.class)) + "\n";
	}

	/**
	 * Where a service's committed document lives: {@code docs/openapi/<service>.json} at
	 * the root of the repository (tests run in the module's directory).
	 * @param service the module name
	 * @return the file
	 */
	public static Path file(String service) {
		Path root = Path.of("").toAbsolutePath();
		while (root != null && !Files.exists(root.resolve("mvnw"))) {
			root = root.getParent();
		}
		if (root == null) {
			throw new IllegalStateException("No repository root (a directory with mvnw) above the working directory");
		}
		return root.resolve("docs").resolve("openapi").resolve(service + ".json");
	}

}
