package io.eventops.agent.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.config.ConfigResolver;
import picocli.CommandLine.Option;

/**
 * The agent settings every command accepts; kept as text here and parsed strictly by
 * {@link ConfigResolver}, so flags and environment variables share one parser.
 */
final class AgentOptions {

	@Option(names = "--kiosk-id", description = "Kiosk id (KIOSK_AGENT_KIOSK_ID).")
	String kioskId;

	@Option(names = "--edge-url", description = "Edge base URL, https only (KIOSK_AGENT_EDGE_URL; default "
			+ ConfigResolver.DEFAULT_EDGE_URL + ").")
	String edgeUrl;

	@Option(names = "--token",
			description = "Kiosk bearer token (KIOSK_AGENT_TOKEN; prefer the variable or --token-file).")
	String token;

	@Option(names = "--token-file", description = "File holding the kiosk token (KIOSK_AGENT_TOKEN_FILE).")
	String tokenFile;

	@Option(names = "--ca-file",
			description = "PEM CA file to trust, e.g. the local stack's edge-cert.pem (KIOSK_AGENT_CA_FILE).")
	String caFile;

	@Option(names = "--db", description = "SQLite log file (KIOSK_AGENT_DB; default <kiosk-id>.kiosk.db).")
	String database;

	@Option(names = "--batch-size",
			description = "Entries per flush request, 1-500 (KIOSK_AGENT_BATCH_SIZE; default 500).")
	String batchSize;

	@Option(names = "--max-entry-bytes",
			description = "Largest entry accepted at append (KIOSK_AGENT_MAX_ENTRY_BYTES; default 4096).")
	String maxEntryBytes;

	@Option(names = "--retention",
			description = "How long acknowledged entries are kept (KIOSK_AGENT_RETENTION; default 24h).")
	String retention;

	@Option(names = "--connect-timeout", description = "KIOSK_AGENT_CONNECT_TIMEOUT; default 5s.")
	String connectTimeout;

	@Option(names = "--request-timeout", description = "KIOSK_AGENT_REQUEST_TIMEOUT; default 30s.")
	String requestTimeout;

	@Option(names = "--backoff-initial", description = "First retry delay (KIOSK_AGENT_BACKOFF_INITIAL; default 2s).")
	String backoffInitial;

	@Option(names = "--backoff-max", description = "Retry delay cap (KIOSK_AGENT_BACKOFF_MAX; default 60s).")
	String backoffMax;

	@Option(names = "--flush-after-checkin",
			description = "true|false: flush right after a check-in (KIOSK_AGENT_FLUSH_AFTER_CHECKIN; default true).")
	String flushAfterCheckIn;

	@Option(names = "--admission-check-budget", description = "How long a check-in under an event's policy waits for "
			+ "the edge's decision before deciding from the cache (KIOSK_AGENT_ADMISSION_CHECK_BUDGET; default 300ms).")
	String admissionCheckBudget;

	@Option(names = "--annul-window", description = "How long after an admission the kiosk may annul it itself, "
			+ "\"that was not me\" (KIOSK_AGENT_ANNUL_WINDOW; default 2m, 0s for never).")
	String annulWindow;

	@Option(names = "--config", description = "Configuration file of these settings, as kiosk-agent enroll writes it "
			+ "(KIOSK_AGENT_CONFIG); a flag or variable wins over it.")
	String config;

	@Option(names = "--edge-cert-sha256", description = "SHA-256 of the only edge certificate to accept "
			+ "(KIOSK_AGENT_EDGE_CERT_SHA256; enroll pins the one it enrolled against).")
	String edgeCertSha256;

	@Option(names = "--token-max-age", description = "Rotate the kiosk's token once it is this old, the configuration "
			+ "file's last change (KIOSK_AGENT_TOKEN_MAX_AGE; default 7d, 0s for never; needs --config).")
	String tokenMaxAge;

	@Option(names = "--cache-retention", description = "How long after the end of its event's last day the attendee "
			+ "cache keeps its personal data, 1h-3650d (KIOSK_AGENT_CACHE_RETENTION; default 14d).")
	String cacheRetention;

	@Option(names = "--cache-key-file", description = "File of the key that encrypts the cache's personal data at rest "
			+ "(KIOSK_AGENT_CACHE_KEY_FILE; default <db>.cache.key, created readable by its owner only).")
	String cacheKeyFile;

	Map<String, String> flags() {
		Map<String, String> flags = new LinkedHashMap<>();
		put(flags, "kiosk-id", this.kioskId);
		put(flags, "edge-url", this.edgeUrl);
		put(flags, "token", this.token);
		put(flags, "token-file", this.tokenFile);
		put(flags, "ca-file", this.caFile);
		put(flags, "db", this.database);
		put(flags, "batch-size", this.batchSize);
		put(flags, "max-entry-bytes", this.maxEntryBytes);
		put(flags, "retention", this.retention);
		put(flags, "connect-timeout", this.connectTimeout);
		put(flags, "request-timeout", this.requestTimeout);
		put(flags, "backoff-initial", this.backoffInitial);
		put(flags, "backoff-max", this.backoffMax);
		put(flags, "flush-after-checkin", this.flushAfterCheckIn);
		put(flags, "admission-check-budget", this.admissionCheckBudget);
		put(flags, "annul-window", this.annulWindow);
		put(flags, "edge-cert-sha256", this.edgeCertSha256);
		put(flags, "token-max-age", this.tokenMaxAge);
		put(flags, "cache-retention", this.cacheRetention);
		put(flags, "cache-key-file", this.cacheKeyFile);
		put(flags, ConfigResolver.CONFIG, this.config);
		return flags;
	}

	AgentConfig resolve() {
		return ConfigResolver.resolve(flags(), System.getenv());
	}

	private static void put(Map<String, String> flags, String name, String value) {
		if (value != null) {
			flags.put(name, value);
		}
	}

}
