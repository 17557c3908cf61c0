package io.eventops.drills.privacy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.eventops.drills.stack.Database;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * Searches everything the suite keeps for a token, ignoring case (issue #38): every text,
 * varchar, char, json, jsonb, array and bytea column of every base table of every schema
 * {@code information_schema} lists (all but {@code pg_catalog} and
 * {@code information_schema}), every Redis key with its value of every type (strings,
 * hashes, lists, sets, sorted sets, streams), and the raw bytes of every file under some
 * directories (service logs, SQLite files and their {@code -wal}). Each hit is a place
 * and the text that follows the token there, so that the canaries (which all start with
 * the token) can be told apart.
 */
public final class CanarySearch {

	/** How much text after the token a hit keeps: more than the longest canary. */
	private static final int SNIPPET = 80;

	private final Database database;

	private final int redisPort;

	private final List<Path> roots;

	private final List<Path> skipped;

	private int columns;

	/**
	 * A search.
	 * @param database the suite's database
	 * @param redisPort the suite's Redis on 127.0.0.1
	 * @param roots the directories whose files are read (every file below them)
	 * @param skipped directories below the roots that are not read
	 */
	public CanarySearch(Database database, int redisPort, List<Path> roots, List<Path> skipped) {
		this.database = database;
		this.redisPort = redisPort;
		this.roots = List.copyOf(roots);
		this.skipped = skipped.stream().map((path) -> path.toAbsolutePath().normalize()).toList();
	}

	/**
	 * Every place that holds the token.
	 * @param token the token (letters and digits)
	 * @return place ({@code postgres schema.table.column}, {@code redis key},
	 * {@code file path}) to the lower-case text from each occurrence on
	 */
	public Map<String, List<String>> find(String token) {
		if (!token.matches("[A-Za-z0-9]+")) {
			throw new IllegalArgumentException("a token is letters and digits: " + token);
		}
		String needle = token.toLowerCase(Locale.ROOT);
		Map<String, List<String>> hits = new TreeMap<>();
		postgres(needle, hits);
		redis(needle, hits);
		files(needle, hits);
		return hits;
	}

	/**
	 * How many columns the last search read.
	 * @return the count
	 */
	public int columnsSearched() {
		return this.columns;
	}

	/**
	 * The places whose text holds a canary.
	 * @param hits a search's hits
	 * @param canary a canary (starting with the token)
	 * @return the places
	 */
	public static List<String> placesOf(Map<String, List<String>> hits, String canary) {
		String lower = canary.toLowerCase(Locale.ROOT);
		List<String> places = new ArrayList<>();
		hits.forEach((place, texts) -> {
			if (texts.stream().anyMatch((text) -> text.contains(lower))) {
				places.add(place);
			}
		});
		return places;
	}

	private void postgres(String needle, Map<String, List<String>> hits) {
		List<String[]> found = new ArrayList<>();
		this.database.query("""
				SELECT c.table_schema, c.table_name, c.column_name, c.data_type FROM information_schema.columns c
				JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
				WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
					AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea',
						'USER-DEFINED')
				ORDER BY 1, 2, 3""",
				(rs) -> found.add(new String[] { rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4) }));
		this.columns = found.size();
		for (String[] column : found) {
			String name = quote(column[0]) + "." + quote(column[1]);
			// bytea as its bytes read as text; everything else as its text form
			String value = "bytea".equals(column[3]) ? "encode(" + quote(column[2]) + ", 'escape')"
					: quote(column[2]) + "::text";
			List<String> texts = new ArrayList<>();
			this.database.query("SELECT lower(" + value + ") FROM " + name + " WHERE " + value + " ILIKE ? LIMIT 100",
					(rs) -> texts.addAll(snippets(rs.getString(1), needle)), "%" + needle + "%");
			if (!texts.isEmpty()) {
				hits.put("postgres " + column[0] + "." + column[1] + "." + column[2], texts);
			}
		}
	}

	private void redis(String needle, Map<String, List<String>> hits) {
		RedisClient client = RedisClient.create("redis://127.0.0.1:" + this.redisPort);
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			RedisCommands<String, String> redis = connection.sync();
			ScanCursor cursor = ScanCursor.INITIAL;
			do {
				KeyScanCursor<String> page = redis.scan(cursor, ScanArgs.Builder.limit(1000));
				for (String key : page.getKeys()) {
					String text = (key + " " + value(redis, key)).toLowerCase(Locale.ROOT);
					List<String> texts = snippets(text, needle);
					if (!texts.isEmpty()) {
						hits.put("redis " + key, texts);
					}
				}
				cursor = page;
			}
			while (!cursor.isFinished());
		}
		finally {
			client.shutdown();
		}
	}

	private static String value(RedisCommands<String, String> redis, String key) {
		return switch (redis.type(key)) {
			case "string" -> String.valueOf(redis.get(key));
			case "hash" -> String.valueOf(redis.hgetall(key));
			case "list" -> String.valueOf(redis.lrange(key, 0, -1));
			case "set" -> String.valueOf(redis.smembers(key));
			case "zset" -> String.valueOf(redis.zrange(key, 0, -1));
			case "stream" -> String.valueOf(redis.xrange(key, Range.unbounded()));
			// gone between the scan and the read
			case "none" -> "";
			default -> throw new IllegalStateException("Redis key " + key + " has a type the search does not read");
		};
	}

	private void files(String needle, Map<String, List<String>> hits) {
		byte[] wanted = needle.getBytes(StandardCharsets.UTF_8);
		for (Path root : this.roots) {
			if (!Files.isDirectory(root)) {
				continue;
			}
			try (Stream<Path> walk = Files.walk(root)) {
				for (Path file : walk.filter(Files::isRegularFile).filter(this::read).sorted().toList()) {
					List<String> texts = snippets(file, wanted);
					if (!texts.isEmpty()) {
						hits.put("file " + file, texts);
					}
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
	}

	private boolean read(Path file) {
		Path normal = file.toAbsolutePath().normalize();
		return this.skipped.stream().noneMatch(normal::startsWith);
	}

	private static List<String> snippets(String text, String needle) {
		List<String> found = new ArrayList<>();
		if (text == null) {
			return found;
		}
		for (int at = text.indexOf(needle); at >= 0 && found.size() < 100; at = text.indexOf(needle, at + 1)) {
			found.add(text.substring(at, Math.min(text.length(), at + SNIPPET)));
		}
		return found;
	}

	// the file's raw bytes, ASCII folded to lower case (a file that vanished holds
	// nothing)
	private static List<String> snippets(Path file, byte[] needle) {
		byte[] bytes;
		try {
			bytes = Files.readAllBytes(file);
		}
		catch (java.nio.file.NoSuchFileException ex) {
			return List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		for (int i = 0; i < bytes.length; i++) {
			if (bytes[i] >= 'A' && bytes[i] <= 'Z') {
				bytes[i] += 'a' - 'A';
			}
		}
		List<String> found = new ArrayList<>();
		outer: for (int i = 0; i + needle.length <= bytes.length && found.size() < 100; i++) {
			for (int j = 0; j < needle.length; j++) {
				if (bytes[i + j] != needle[j]) {
					continue outer;
				}
			}
			found.add(new String(bytes, i, Math.min(SNIPPET, bytes.length - i), StandardCharsets.ISO_8859_1));
		}
		return found;
	}

	private static String quote(String identifier) {
		return "\"" + identifier.replace("\"", "\"\"") + "\"";
	}

}
