package io.eventops.agent.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.model.flush.FlushRequest;

/**
 * Everything one kiosk agent needs to know.
 *
 * @param kioskId the kiosk ({@code [a-z0-9][a-z0-9-]{1,31}})
 * @param edgeUrl the edge's base URL, e.g. {@code https://localhost:8443}
 * @param token the kiosk's bearer token ({@code null} for offline commands)
 * @param caFile the PEM CA file to trust, or {@code null} for the JDK's trust store
 * @param database the SQLite file of the log
 * @param batchSize most entries per flush request (1 to 500)
 * @param maxEntryBytes the cap of one entry's wire form; larger entries are refused at
 * append
 * @param maxBatchBytes most entry bytes per request (the edge's body limit is 1 MiB)
 * @param retention how long acknowledged entries stay in the log
 * @param connectTimeout how long a connection attempt may take
 * @param requestTimeout how long one request may take
 * @param backoff the retry schedule
 * @param idleInterval how long a drained flush loop sleeps unless a check-in wakes it
 * @param flushAfterCheckIn whether a check-in wakes the flush loop at once
 * @param admissionCheckBudget how long a check-in under a policy waits for the edge's
 * admission check before it decides from the cache (1 ms to 10 s)
 * @param annulWindow how long after an admission the kiosk may annul it itself ("that was
 * not me", "the gate did not open"; 0 to 1 h, 0 for never; #36)
 * @param edgeCertSha256 the SHA-256 (64 hex digits) of the edge certificate the kiosk
 * enrolled against (#37), or {@code null}: when set, a connection to an edge presenting
 * any other certificate is refused
 * @param cacheRetention how long after the end of its event's last day the attendee cache
 * keeps the event's attendees before it deletes them on its own (#38; 1 h to 3650 d,
 * default {@link #DEFAULT_CACHE_RETENTION})
 * @param cacheKeyFile the file of the key that encrypts the cache's personal data at rest
 * (#38; created readable by the agent's user only on first use), by default beside the
 * database ({@code <db>.cache.key})
 * @param configFile the configuration file the token was read from, where a rotated token
 * is written (#37), or {@code null} when the token came from elsewhere
 * @param tokenMaxAge how old the token (the configuration file's last change) may grow
 * before the agent rotates it itself (#37); {@code 0s} for never, {@code null} for 7 days
 */
public record AgentConfig(String kioskId, URI edgeUrl, String token, Path caFile, Path database, int batchSize,
		int maxEntryBytes, int maxBatchBytes, Duration retention, Duration connectTimeout, Duration requestTimeout,
		BackoffPolicy backoff, Duration idleInterval, boolean flushAfterCheckIn, Duration admissionCheckBudget,
		Duration annulWindow, String edgeCertSha256, Duration cacheRetention, Path cacheKeyFile, Path configFile,
		Duration tokenMaxAge) {

	// token rotation (#37) ------------------------------------------------------------

	/** The default {@code token-max-age}: the agent rotates its own token weekly. */
	public static final Duration DEFAULT_TOKEN_MAX_AGE = Duration.ofDays(7);

	/**
	 * Settings with the personal-data defaults of the cache and without token rotation's
	 * (callers from before #37 and #38).
	 * @param kioskId the kiosk
	 * @param edgeUrl the edge
	 * @param token its token
	 * @param caFile the CA file or {@code null}
	 * @param database the log file or {@code null}
	 * @param batchSize entries per request
	 * @param maxEntryBytes largest entry
	 * @param maxBatchBytes most bytes per request
	 * @param retention how long acknowledged entries stay
	 * @param connectTimeout connection timeout
	 * @param requestTimeout request timeout
	 * @param backoff retry schedule
	 * @param idleInterval idle sleep of the loop
	 * @param flushAfterCheckIn wake the loop on check-in
	 * @param admissionCheckBudget the admission check's budget
	 * @param annulWindow the annul window
	 * @param edgeCertSha256 the pinned edge certificate or {@code null}
	 */
	public AgentConfig(String kioskId, URI edgeUrl, String token, Path caFile, Path database, int batchSize,
			int maxEntryBytes, int maxBatchBytes, Duration retention, Duration connectTimeout, Duration requestTimeout,
			BackoffPolicy backoff, Duration idleInterval, boolean flushAfterCheckIn, Duration admissionCheckBudget,
			Duration annulWindow, String edgeCertSha256) {
		this(kioskId, edgeUrl, token, caFile, database, batchSize, maxEntryBytes, maxBatchBytes, retention,
				connectTimeout, requestTimeout, backoff, idleInterval, flushAfterCheckIn, admissionCheckBudget,
				annulWindow, edgeCertSha256, null, null, null, null);
	}

	/**
	 * The same settings with the configuration file a rotated token is written to.
	 * @param file the file, or {@code null}: then the agent cannot keep a new token and
	 * neither rotates its own nor takes one the edge delivers
	 * @return the settings
	 */
	public AgentConfig withConfigFile(Path file) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, file, this.tokenMaxAge);
	}

	/**
	 * The same settings with another token age at which the agent rotates its token.
	 * @param maxAge the age, {@code 0s} for never
	 * @return the settings
	 */
	public AgentConfig withTokenMaxAge(Duration maxAge) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, this.configFile, maxAge);
	}

	// ---------------------------------------------------------------------------------

	/**
	 * Settings without a pinned edge certificate (callers from before #37).
	 * @param kioskId the kiosk
	 * @param edgeUrl the edge
	 * @param token its token
	 * @param caFile the CA file or {@code null}
	 * @param database the log file or {@code null}
	 * @param batchSize entries per request
	 * @param maxEntryBytes largest entry
	 * @param maxBatchBytes most bytes per request
	 * @param retention how long acknowledged entries stay
	 * @param connectTimeout connection timeout
	 * @param requestTimeout request timeout
	 * @param backoff retry schedule
	 * @param idleInterval idle sleep of the loop
	 * @param flushAfterCheckIn wake the loop on check-in
	 * @param admissionCheckBudget the admission check's budget
	 * @param annulWindow the annul window
	 */
	public AgentConfig(String kioskId, URI edgeUrl, String token, Path caFile, Path database, int batchSize,
			int maxEntryBytes, int maxBatchBytes, Duration retention, Duration connectTimeout, Duration requestTimeout,
			BackoffPolicy backoff, Duration idleInterval, boolean flushAfterCheckIn, Duration admissionCheckBudget,
			Duration annulWindow) {
		this(kioskId, edgeUrl, token, caFile, database, batchSize, maxEntryBytes, maxBatchBytes, retention,
				connectTimeout, requestTimeout, backoff, idleInterval, flushAfterCheckIn, admissionCheckBudget,
				annulWindow, null);
	}

	/** The default annul window (#36). */
	public static final Duration DEFAULT_ANNUL_WINDOW = Duration.ofMinutes(2);

	/**
	 * Settings with the default annul window (callers from before #36).
	 * @param kioskId the kiosk
	 * @param edgeUrl the edge
	 * @param token its token
	 * @param caFile the CA file or {@code null}
	 * @param database the log file or {@code null}
	 * @param batchSize entries per request
	 * @param maxEntryBytes largest entry
	 * @param maxBatchBytes most bytes per request
	 * @param retention how long acknowledged entries stay
	 * @param connectTimeout connection timeout
	 * @param requestTimeout request timeout
	 * @param backoff retry schedule
	 * @param idleInterval idle sleep of the loop
	 * @param flushAfterCheckIn wake the loop on check-in
	 * @param admissionCheckBudget the admission check's budget
	 */
	public AgentConfig(String kioskId, URI edgeUrl, String token, Path caFile, Path database, int batchSize,
			int maxEntryBytes, int maxBatchBytes, Duration retention, Duration connectTimeout, Duration requestTimeout,
			BackoffPolicy backoff, Duration idleInterval, boolean flushAfterCheckIn, Duration admissionCheckBudget) {
		this(kioskId, edgeUrl, token, caFile, database, batchSize, maxEntryBytes, maxBatchBytes, retention,
				connectTimeout, requestTimeout, backoff, idleInterval, flushAfterCheckIn, admissionCheckBudget,
				DEFAULT_ANNUL_WINDOW);
	}

	/**
	 * The default budget of the online admission check: an attendee at the door notices
	 * more than a few hundred milliseconds, and the cache decides the same way (#35).
	 */
	public static final Duration DEFAULT_ADMISSION_CHECK_BUDGET = Duration.ofMillis(300);

	/**
	 * Settings with the default admission-check budget (callers from before #35).
	 * @param kioskId the kiosk
	 * @param edgeUrl the edge
	 * @param token its token
	 * @param caFile the CA file or {@code null}
	 * @param database the log file or {@code null}
	 * @param batchSize entries per request
	 * @param maxEntryBytes largest entry
	 * @param maxBatchBytes most bytes per request
	 * @param retention how long acknowledged entries stay
	 * @param connectTimeout connection timeout
	 * @param requestTimeout request timeout
	 * @param backoff retry schedule
	 * @param idleInterval idle sleep of the loop
	 * @param flushAfterCheckIn wake the loop on check-in
	 */
	public AgentConfig(String kioskId, URI edgeUrl, String token, Path caFile, Path database, int batchSize,
			int maxEntryBytes, int maxBatchBytes, Duration retention, Duration connectTimeout, Duration requestTimeout,
			BackoffPolicy backoff, Duration idleInterval, boolean flushAfterCheckIn) {
		this(kioskId, edgeUrl, token, caFile, database, batchSize, maxEntryBytes, maxBatchBytes, retention,
				connectTimeout, requestTimeout, backoff, idleInterval, flushAfterCheckIn,
				DEFAULT_ADMISSION_CHECK_BUDGET, DEFAULT_ANNUL_WINDOW);
	}

	private static final Pattern KIOSK_ID = Pattern.compile("[a-z0-9][a-z0-9-]{1,31}");

	/** The edge's request body limit. */
	public static final int EDGE_BODY_LIMIT = 1024 * 1024;

	public AgentConfig {
		if (kioskId == null || !KIOSK_ID.matcher(kioskId).matches()) {
			throw new IllegalArgumentException("kiosk-id must match [a-z0-9][a-z0-9-]{1,31}, not '" + kioskId + "'");
		}
		if (edgeUrl == null || !"https".equalsIgnoreCase(edgeUrl.getScheme())) {
			// the contract: TLS always
			throw new IllegalArgumentException("edge-url must be an https URL, not '" + edgeUrl + "'");
		}
		if (batchSize < 1 || batchSize > FlushRequest.MAX_ENTRIES) {
			throw new IllegalArgumentException("batch-size must be within 1.." + FlushRequest.MAX_ENTRIES);
		}
		if (maxEntryBytes < 256 || maxEntryBytes > maxBatchBytes) {
			throw new IllegalArgumentException("max-entry-bytes must be within 256..max-batch-bytes");
		}
		if (maxBatchBytes > EDGE_BODY_LIMIT - 1024) {
			throw new IllegalArgumentException("max-batch-bytes must leave room under the edge's 1 MiB limit");
		}
		if (database == null) {
			database = Path.of(kioskId + ".kiosk.db");
		}
		if (admissionCheckBudget == null) {
			admissionCheckBudget = DEFAULT_ADMISSION_CHECK_BUDGET;
		}
		if (admissionCheckBudget.compareTo(Duration.ofMillis(1)) < 0
				|| admissionCheckBudget.compareTo(Duration.ofSeconds(10)) > 0) {
			throw new IllegalArgumentException(
					"admission-check-budget must be within 1ms..10s, not " + admissionCheckBudget);
		}
		if (annulWindow == null) {
			annulWindow = DEFAULT_ANNUL_WINDOW;
		}
		if (annulWindow.isNegative() || annulWindow.compareTo(Duration.ofHours(1)) > 0) {
			throw new IllegalArgumentException("annul-window must be within 0s..1h, not " + annulWindow);
		}
		if (tokenMaxAge == null) {
			tokenMaxAge = DEFAULT_TOKEN_MAX_AGE;
		}
		if (tokenMaxAge.isNegative()) {
			throw new IllegalArgumentException("token-max-age must be 0s (never) or more, not " + tokenMaxAge);
		}
		if (edgeCertSha256 != null) {
			edgeCertSha256 = edgeCertSha256.replace(":", "").toLowerCase(java.util.Locale.ROOT);
			if (!CERT_SHA256.matcher(edgeCertSha256).matches()) {
				throw new IllegalArgumentException(
						"edge-cert-sha256 must be 64 hex digits (colons allowed), not '" + edgeCertSha256 + "'");
			}
		}
		// #38: personal data in the attendee cache
		if (cacheRetention == null) {
			cacheRetention = DEFAULT_CACHE_RETENTION;
		}
		if (cacheRetention.compareTo(Duration.ofHours(1)) < 0 || cacheRetention.compareTo(Duration.ofDays(3650)) > 0) {
			throw new IllegalArgumentException("cache-retention must be within 1h..3650d, not " + cacheRetention);
		}
		if (cacheKeyFile == null) {
			cacheKeyFile = defaultKeyFile(database);
		}
	}

	/**
	 * The default cache retention (#38): pretix's scanner deletes the orders of events
	 * that ended 14 days ago; long enough for a late re-admission dispute, short of a
	 * next event.
	 */
	public static final Duration DEFAULT_CACHE_RETENTION = Duration.ofDays(14);

	private static Path defaultKeyFile(Path database) {
		return database.resolveSibling(database.getFileName() + ".cache.key");
	}

	/**
	 * The same settings with another cache retention (#38).
	 * @param keep how long after its event's last day the cache keeps the attendees
	 * @return the settings
	 */
	public AgentConfig withCacheRetention(Duration keep) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, keep, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The same settings with another cache key file (#38).
	 * @param file the key file
	 * @return the settings
	 */
	public AgentConfig withCacheKeyFile(Path file) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, file, this.configFile, this.tokenMaxAge);
	}

	private static final Pattern CERT_SHA256 = Pattern.compile("[0-9a-f]{64}");

	/**
	 * The same settings with another pinned edge certificate.
	 * @param sha256 the certificate's SHA-256, or {@code null} for none
	 * @return the settings
	 */
	public AgentConfig withEdgeCertSha256(String sha256) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				sha256, this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The defaults for one kiosk.
	 * @param kioskId the kiosk
	 * @param edgeUrl the edge
	 * @param token its token
	 * @return the settings
	 */
	public static AgentConfig defaults(String kioskId, URI edgeUrl, String token) {
		return new AgentConfig(kioskId, edgeUrl, token, null, null, FlushRequest.MAX_ENTRIES, 4096, 900 * 1024,
				Duration.ofHours(24), Duration.ofSeconds(5), Duration.ofSeconds(30), BackoffPolicy.defaults(),
				Duration.ofSeconds(30), true, DEFAULT_ADMISSION_CHECK_BUDGET, DEFAULT_ANNUL_WINDOW);
	}

	/**
	 * The same settings with another edge (a proxy in front of it, another address).
	 * @param url the edge's base URL
	 * @return the settings
	 */
	public AgentConfig withEdgeUrl(URI url) {
		return new AgentConfig(this.kioskId, url, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The same settings with another CA file.
	 * @param file the PEM file
	 * @return the settings
	 */
	public AgentConfig withCaFile(Path file) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, file, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The same settings with another log file.
	 * @param file the SQLite file
	 * @return the settings
	 */
	public AgentConfig withDatabase(Path file) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, file, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention,
				defaultKeyFile(this.database).equals(this.cacheKeyFile) ? null : this.cacheKeyFile, this.configFile,
				this.tokenMaxAge);
	}

	/**
	 * The same settings with another batch size.
	 * @param size entries per request
	 * @return the settings
	 */
	public AgentConfig withBatchSize(int size) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, size,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The same settings with another retry schedule.
	 * @param policy the schedule
	 * @return the settings
	 */
	public AgentConfig withBackoff(BackoffPolicy policy) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				policy, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The same settings with another retention.
	 * @param keep how long acknowledged entries stay
	 * @return the settings
	 */
	public AgentConfig withRetention(Duration keep) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, keep, this.connectTimeout, this.requestTimeout, this.backoff,
				this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, this.annulWindow,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The same settings with another annul window.
	 * @param window how long after an admission the kiosk may annul it
	 * @return the settings
	 */
	public AgentConfig withAnnulWindow(Duration window) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, this.admissionCheckBudget, window,
				this.edgeCertSha256, this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

	/**
	 * The same settings with another admission-check budget.
	 * @param budget how long to wait for the edge's admission check
	 * @return the settings
	 */
	public AgentConfig withAdmissionCheckBudget(Duration budget) {
		return new AgentConfig(this.kioskId, this.edgeUrl, this.token, this.caFile, this.database, this.batchSize,
				this.maxEntryBytes, this.maxBatchBytes, this.retention, this.connectTimeout, this.requestTimeout,
				this.backoff, this.idleInterval, this.flushAfterCheckIn, budget, this.annulWindow, this.edgeCertSha256,
				this.cacheRetention, this.cacheKeyFile, this.configFile, this.tokenMaxAge);
	}

}
