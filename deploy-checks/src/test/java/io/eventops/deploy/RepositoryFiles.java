package io.eventops.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Finds the repository root from the module's working directory and reads its YAML and
 * JSON files as plain maps and lists.
 */
final class RepositoryFiles {

	private RepositoryFiles() {
	}

	static Path root() {
		Path dir = Path.of("").toAbsolutePath();
		while (dir != null) {
			if (Files.isDirectory(dir.resolve("k8s")) && Files.isDirectory(dir.resolve("deploy"))) {
				return dir;
			}
			dir = dir.getParent();
		}
		throw new IllegalStateException(
				"No repository root (with k8s/ and deploy/) above " + Path.of("").toAbsolutePath());
	}

	static Path resolve(String relative) {
		return root().resolve(relative);
	}

	static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Every document of a YAML stream (JSON is read the same way), empty ones left out.
	 */
	static List<Map<String, Object>> documents(String yaml) {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		List<Map<String, Object>> documents = new ArrayList<>();
		for (Object document : new Yaml(options).loadAll(yaml)) {
			if (document != null) {
				documents.add(asMap(document));
			}
		}
		return documents;
	}

	static Map<String, Object> document(Path file) {
		List<Map<String, Object>> documents = documents(read(file));
		if (documents.size() != 1) {
			throw new IllegalStateException(file + " holds " + documents.size() + " documents, expected one");
		}
		return documents.get(0);
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> asMap(Object value) {
		if (!(value instanceof Map<?, ?>)) {
			throw new IllegalStateException("Expected a mapping but got " + value);
		}
		return (Map<String, Object>) value;
	}

	@SuppressWarnings("unchecked")
	static List<Object> asList(Object value) {
		if (value == null) {
			return List.of();
		}
		if (!(value instanceof List<?>)) {
			throw new IllegalStateException("Expected a sequence but got " + value);
		}
		return (List<Object>) value;
	}

	/**
	 * The value at a dotted path of mapping keys, or {@code null} when any step is
	 * absent.
	 */
	static Object at(Map<String, Object> map, String path) {
		Object current = map;
		for (String key : path.split("\\.")) {
			if (!(current instanceof Map<?, ?> currentMap)) {
				return null;
			}
			current = currentMap.get(key);
		}
		return current;
	}

}
