package io.eventops.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Unique canary strings for an attendee's name, company and e-mail address (#38), and a
 * search of the raw bytes of files for them, ignoring ASCII case (the cache's search
 * column holds the folded, lower-case form).
 *
 * @param name the display name
 * @param company the company
 * @param email the e-mail address
 */
record Canaries(String name, String company, String email) {

	static Canaries fresh() {
		String run = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
		return new Canaries("Canaryname" + run, "Canarycorp" + run, "canarymail" + run + "@example.org");
	}

	List<String> all() {
		return List.of(this.name, this.company, this.email);
	}

	/**
	 * The canaries found in the files.
	 * @param files files (missing ones are skipped)
	 * @return the canaries found, in {@link #all} order
	 */
	List<String> foundIn(List<Path> files) {
		List<String> found = new ArrayList<>();
		for (String canary : all()) {
			byte[] needle = canary.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
			for (Path file : files) {
				if (contains(lowerAscii(read(file)), needle)) {
					found.add(canary);
					break;
				}
			}
		}
		return found;
	}

	/**
	 * Every file of a directory whose name starts with a prefix (a SQLite file and its
	 * {@code -wal} and {@code -shm}).
	 */
	static List<Path> filesOf(Path dir, String prefix) {
		try (Stream<Path> files = Files.list(dir)) {
			return files.filter((f) -> f.getFileName().toString().startsWith(prefix)).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Whether some file holds a byte sequence as it is.
	 * @param files files (missing ones are skipped)
	 * @param needle the bytes
	 * @return whether found
	 */
	static boolean bytesIn(List<Path> files, byte[] needle) {
		for (Path file : files) {
			if (contains(read(file), needle)) {
				return true;
			}
		}
		return false;
	}

	private static byte[] read(Path file) {
		try {
			return Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static byte[] lowerAscii(byte[] bytes) {
		for (int i = 0; i < bytes.length; i++) {
			if (bytes[i] >= 'A' && bytes[i] <= 'Z') {
				bytes[i] += 'a' - 'A';
			}
		}
		return bytes;
	}

	private static boolean contains(byte[] haystack, byte[] needle) {
		outer: for (int i = 0; i + needle.length <= haystack.length; i++) {
			for (int j = 0; j < needle.length; j++) {
				if (haystack[i + j] != needle[j]) {
					continue outer;
				}
			}
			return true;
		}
		return false;
	}

}
