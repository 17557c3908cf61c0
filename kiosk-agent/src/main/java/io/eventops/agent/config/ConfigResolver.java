package io.eventops.agent.config;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import io.eventops.agent.backoff.BackoffPolicy;

/**
 * Resolves the settings: a flag wins over its environment variable ({@code --batch-size}
 * over {@code KIOSK_AGENT_BATCH_SIZE}), which wins over the configuration file
 * ({@code --config} or {@code KIOSK_AGENT_CONFIG}: a properties file of the same names,
 * {@code batch-size=500}, as {@code kiosk-agent enroll} writes it, #37), which wins over
 * the default; every value is parsed strictly and a bad one names both spellings.
 */
public final class ConfigResolver {

	/** The settings' flag names (without {@code --}). */
	public static final List<String> SETTINGS = List.of("kiosk-id", "edge-url", "token", "token-file", "ca-file", "db",
			"batch-size", "max-entry-bytes", "retention", "connect-timeout", "request-timeout", "backoff-initial",
			"backoff-max", "flush-after-checkin", "admission-check-budget", "annul-window", "edge-cert-sha256",
			// #38
			"cache-retention", "cache-key-file",
			// #37
			"token-max-age");

	/**
	 * The flag of the configuration file (its variable is {@code KIOSK_AGENT_CONFIG}).
	 */
	public static final String CONFIG = "config";

	/** The local stack's edge, the default of {@code edge-url}. */
	public static final String DEFAULT_EDGE_URL = "https://localhost:8443";

	private final Map<String, String> flags;

	private final Map<String, String> environment;

	private final Map<String, String> file;

	private final Path filePath;

	private ConfigResolver(Map<String, String> flags, Map<String, String> environment) {
		this.flags = flags;
		this.environment = environment;
		this.file = file(flags, environment);
		this.filePath = filePath(flags, environment);
	}

	private static Path filePath(Map<String, String> flags, Map<String, String> environment) {
		String name = flags.get(CONFIG);
		if (name == null) {
			String env = environment.get(environmentName(CONFIG));
			name = (env != null && !env.isBlank()) ? env.trim() : null;
		}
		return (name != null) ? Path.of(name) : null;
	}

	// where a rotated token is kept (#37): the configuration file, when the token in use
	// is the one it holds (a token given otherwise would win over the file at the next
	// start)
	private Path tokenFile() {
		boolean fromFile = this.flags.get("token") == null && this.flags.get("token-file") == null
				&& blank(this.environment.get(environmentName("token")))
				&& blank(this.environment.get(environmentName("token-file"))) && this.file.containsKey("token");
		return fromFile ? this.filePath : null;
	}

	private static boolean blank(String value) {
		return value == null || value.isBlank();
	}

	// the configuration file's settings, or none without one
	private static Map<String, String> file(Map<String, String> flags, Map<String, String> environment) {
		String name = flags.get(CONFIG);
		if (name == null) {
			String env = environment.get(environmentName(CONFIG));
			name = (env != null && !env.isBlank()) ? env.trim() : null;
		}
		if (name == null) {
			return Map.of();
		}
		Properties properties = new Properties();
		try (Reader in = Files.newBufferedReader(Path.of(name), StandardCharsets.UTF_8)) {
			properties.load(in);
		}
		catch (IOException ex) {
			throw new IllegalArgumentException(describe(CONFIG) + " cannot be read: " + ex.getMessage());
		}
		Map<String, String> settings = new java.util.HashMap<>();
		for (String key : properties.stringPropertyNames()) {
			if (!SETTINGS.contains(key)) {
				throw new IllegalArgumentException(describe(CONFIG) + " " + name + ": unknown setting '" + key + "'");
			}
			String value = properties.getProperty(key).trim();
			if (!value.isEmpty()) {
				settings.put(key, value);
			}
		}
		return settings;
	}

	/**
	 * Resolves the settings.
	 * @param flags flag name (without {@code --}) to value, only for flags given
	 * @param environment the environment, e.g. {@code System.getenv()}
	 * @return the settings
	 * @throws IllegalArgumentException when a value is missing or malformed
	 */
	public static AgentConfig resolve(Map<String, String> flags, Map<String, String> environment) {
		return new ConfigResolver(flags, environment).resolve();
	}

	/**
	 * The environment variable of a flag.
	 * @param flag e.g. {@code batch-size}
	 * @return e.g. {@code KIOSK_AGENT_BATCH_SIZE}
	 */
	public static String environmentName(String flag) {
		return "KIOSK_AGENT_" + flag.toUpperCase(Locale.ROOT).replace('-', '_');
	}

	/**
	 * One raw setting: the flag, else its environment variable.
	 * @param name the flag name (without {@code --})
	 * @param flags the flags given
	 * @param environment the environment
	 * @return the value, or {@code null}
	 */
	public static String setting(String name, Map<String, String> flags, Map<String, String> environment) {
		return new ConfigResolver(flags, environment).value(name);
	}

	private AgentConfig resolve() {
		String kioskId = value("kiosk-id");
		if (kioskId == null) {
			throw new IllegalArgumentException("--kiosk-id (or " + environmentName("kiosk-id") + ") is required");
		}
		String edgeUrl = orDefault("edge-url", DEFAULT_EDGE_URL);
		AgentConfig defaults = AgentConfig.defaults(kioskId, uri(edgeUrl), token());
		BackoffPolicy backoff = defaults.backoff();
		Duration initial = duration("backoff-initial", backoff.initial());
		Duration max = duration("backoff-max", backoff.max());
		return new AgentConfig(kioskId, defaults.edgeUrl(), defaults.token(), path("ca-file"), path("db"),
				integer("batch-size", defaults.batchSize()), integer("max-entry-bytes", defaults.maxEntryBytes()),
				defaults.maxBatchBytes(), duration("retention", defaults.retention()),
				duration("connect-timeout", defaults.connectTimeout()),
				duration("request-timeout", defaults.requestTimeout()),
				new BackoffPolicy(initial, max, backoff.jitter(), backoff.maxRetryAfter()), defaults.idleInterval(),
				bool("flush-after-checkin", defaults.flushAfterCheckIn()),
				duration("admission-check-budget", defaults.admissionCheckBudget()),
				duration("annul-window", defaults.annulWindow()), value("edge-cert-sha256"),
				duration("cache-retention", AgentConfig.DEFAULT_CACHE_RETENTION), path("cache-key-file"), tokenFile(),
				duration("token-max-age", AgentConfig.DEFAULT_TOKEN_MAX_AGE));
	}

	private String token() {
		String token = value("token");
		if (token != null) {
			return token;
		}
		Path file = path("token-file");
		if (file == null) {
			return null;
		}
		try {
			return Files.readString(file, StandardCharsets.UTF_8).strip();
		}
		catch (IOException ex) {
			throw new IllegalArgumentException(describe("token-file") + " cannot be read: " + ex.getMessage());
		}
	}

	private String value(String name) {
		String flag = this.flags.get(name);
		if (flag != null) {
			return flag;
		}
		String env = this.environment.get(environmentName(name));
		return (env != null && !env.isBlank()) ? env.trim() : this.file.get(name);
	}

	private String orDefault(String name, String fallback) {
		String value = value(name);
		return (value != null) ? value : fallback;
	}

	private URI uri(String text) {
		try {
			return URI.create(text);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(describe("edge-url") + " is not a URL: '" + text + "'");
		}
	}

	private Path path(String name) {
		String value = value(name);
		return (value != null) ? Path.of(value) : null;
	}

	private int integer(String name, int fallback) {
		String value = value(name);
		if (value == null) {
			return fallback;
		}
		try {
			return Integer.parseInt(value);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(describe(name) + " must be an integer, not '" + value + "'");
		}
	}

	private Duration duration(String name, Duration fallback) {
		String value = value(name);
		return (value != null) ? Durations.parse(describe(name), value) : fallback;
	}

	private boolean bool(String name, boolean fallback) {
		String value = value(name);
		return (value != null) ? StrictBoolean.parse(describe(name), value) : fallback;
	}

	private static String describe(String name) {
		return "--" + name + " (" + environmentName(name) + ")";
	}

}
