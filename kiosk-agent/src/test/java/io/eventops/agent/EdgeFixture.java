package io.eventops.agent;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.simulate.KioskProvisioner;
import io.eventops.edge.EdgeApplication;
import io.eventops.reconciler.ReconcilerApplication;
import io.eventops.testsupport.CommonTestData;
import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The real services the agent's tests talk to, started once per JVM: the reconciler on a
 * random port with a fresh PostgreSQL database and Redis namespace, and the edge over
 * HTTPS with the self-signed certificate it generates, which the agent trusts as its CA.
 */
final class EdgeFixture {

	static final String EVENT_ID = "ev-agent-tests";

	static final String ADMIN_PASSWORD = CommonTestData.ADMIN_PASSWORD;

	private static final AtomicInteger kiosks = new AtomicInteger();

	private static EdgeFixture instance;

	private final TestDatabase database;

	private final int reconcilerPort;

	private final int edgePort;

	private final Path tlsDirectory;

	private final HttpClient plain = HttpClient.newHttpClient();

	private final StringRedisTemplate redis;

	private EdgeFixture() {
		this.database = TestInfrastructure.freshDatabase();
		RedisServerEndpoint redis = TestInfrastructure.redis();
		String redisNamespace = TestInfrastructure.freshRedisNamespace();
		Map<String, Object> recon = shared(redis);
		recon.put("eventops.redis.key-prefix", redisNamespace);
		ConfigurableApplicationContext reconciler = ReconcilerApplication.builder().run(arguments(recon));
		this.redis = reconciler.getBean(StringRedisTemplate.class);
		this.reconcilerPort = ((WebServerApplicationContext) reconciler).getWebServer().getPort();

		// one directory per test JVM: two forks generating the edge certificate into one
		// directory at once overwrote each other (a CA file that did not match the edge)
		this.tlsDirectory = Path.of("target/edge-test-tls-" + ProcessHandle.current().pid()).toAbsolutePath();
		Map<String, Object> edge = shared(redis);
		edge.put("eventops.edge.reconciler.base-url", "http://127.0.0.1:" + this.reconcilerPort);
		// no orchestrator here: the badge status answers 503 (the edge tests and the
		// browser
		// tests cover it with the real one); port 9 is discard, closed on test machines
		edge.put("eventops.edge.print-orchestrator.base-url", "http://127.0.0.1:9");
		edge.put("eventops.edge.tls.generated-dir", this.tlsDirectory.toString());
		// bisecting a 500-entry backlog sends a burst of small requests
		edge.put("eventops.edge.rate-limit.requests-per-second", 500);
		edge.put("eventops.edge.rate-limit.burst", 1000);
		// a retired kiosk's grace (#37), short enough for RevocationTests to see it end
		edge.put("eventops.edge.kiosks.retire-grace", "10s");
		// the old token's grace after the first use of a new one (#37), short enough for
		// TokenRotationTests to see it end
		edge.put("eventops.edge.kiosks.rotation-grace", "3s");
		ConfigurableApplicationContext edgeContext = new SpringApplicationBuilder(EdgeApplication.class)
			.run(arguments(edge));
		this.edgePort = ((WebServerApplicationContext) edgeContext).getWebServer().getPort();
	}

	// what both services get: random ports, the one database and Redis, the test accounts
	// and the internal token
	private Map<String, Object> shared(RedisServerEndpoint redis) {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("server.port", 0);
		properties.put("management.server.port", 0);
		properties.put("spring.datasource.url", this.database.jdbcUrl());
		properties.put("spring.datasource.username", this.database.user());
		properties.put("spring.datasource.password", this.database.password());
		properties.put("spring.data.redis.host", redis.host());
		properties.put("spring.data.redis.port", redis.port());
		properties.putAll(CommonTestData.credentials());
		return properties;
	}

	static synchronized EdgeFixture get() {
		if (instance == null) {
			instance = new EdgeFixture();
		}
		return instance;
	}

	private static String[] arguments(Map<String, Object> properties) {
		// command-line arguments outrank the services' own configuration files
		return properties.entrySet().stream().map((p) -> "--" + p.getKey() + "=" + p.getValue()).toArray(String[]::new);
	}

	URI edgeUrl() {
		return URI.create("https://localhost:" + this.edgePort);
	}

	int edgePort() {
		return this.edgePort;
	}

	Path caFile() {
		return this.tlsDirectory.resolve("edge-cert.pem");
	}

	Path privateKeyFile() {
		return this.tlsDirectory.resolve("edge-key.pem");
	}

	/** A kiosk id no other test uses. */
	static String newKioskId(String prefix) {
		return prefix + "-" + kiosks.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 6);
	}

	/** Provisions a kiosk of the test event and returns its token. */
	String provision(String kioskId) {
		return new KioskProvisioner(KioskProvisioner.httpClient(caFile()), edgeUrl(), "admin", ADMIN_PASSWORD)
			.provision(kioskId, EVENT_ID, "agent test " + kioskId, "pool-a");
	}

	/**
	 * Issues a one-time enrolment code at the edge (ADMIN, #37) for a kiosk of the test
	 * event.
	 * @param settings the enrolment's fields beyond eventId, printerPool and
	 * expiresInMinutes
	 * @return the code as shown
	 */
	String enrolmentCode(Map<String, Object> settings) {
		Map<String, Object> request = new LinkedHashMap<>(
				Map.of("eventId", EVENT_ID, "printerPool", "pool-a", "expiresInMinutes", 30));
		request.putAll(settings);
		String basic = Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
		try (HttpClient http = KioskProvisioner.httpClient(caFile())) {
			HttpResponse<String> response = http
				.send(HttpRequest.newBuilder(URI.create(edgeUrl() + "/admin/v1/enrolments"))
					.header("Authorization", "Basic " + basic)
					.header("Content-Type", "application/json")
					.timeout(Duration.ofSeconds(30))
					.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(request)))
					.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 201) {
				throw new IllegalStateException("enrolment: HTTP " + response.statusCode() + " " + response.body());
			}
			return WireFormat.tree(response.body().getBytes(StandardCharsets.UTF_8)).get("code").stringValue();
		}
		catch (IOException | InterruptedException ex) {
			throw new IllegalStateException("enrolment failed", ex);
		}
	}

	/**
	 * Revokes a kiosk at the edge (ADMIN, #37).
	 * @param kioskId the kiosk
	 * @param mode {@code RETIRE} or {@code LOST}
	 */
	void revoke(String kioskId, String mode) {
		String basic = Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
		try (HttpClient http = KioskProvisioner.httpClient(caFile())) {
			HttpResponse<String> response = http
				.send(HttpRequest.newBuilder(URI.create(edgeUrl() + "/admin/v1/kiosks/" + kioskId + "/revoke"))
					.header("Authorization", "Basic " + basic)
					.header("Content-Type", "application/json")
					.timeout(Duration.ofSeconds(30))
					.POST(HttpRequest.BodyPublishers.ofString("{\"mode\":\"" + mode + "\"}"))
					.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 204) {
				throw new IllegalStateException("revoke: HTTP " + response.statusCode() + " " + response.body());
			}
		}
		catch (IOException | InterruptedException ex) {
			throw new IllegalStateException("revoke failed", ex);
		}
	}

	/**
	 * Asks the edge to rotate a kiosk's token (ADMIN, #37).
	 * @param kioskId the kiosk
	 */
	void rotate(String kioskId) {
		int status = edgeRequest("POST", "/admin/v1/kiosks/" + kioskId + "/rotate", "Basic "
				+ Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8)))
			.statusCode();
		if (status != 202) {
			throw new IllegalStateException("rotate: HTTP " + status);
		}
	}

	/**
	 * A kiosk's sync-state with a token, as the edge answers it (its status, and a new
	 * token it delivers, #37).
	 */
	HttpResponse<String> syncState(String kioskId, String token) {
		return edgeRequest("GET", "/v1/kiosks/" + kioskId + "/sync-state", "Bearer " + token);
	}

	private HttpResponse<String> edgeRequest(String method, String path, String authorization) {
		try (HttpClient http = KioskProvisioner.httpClient(caFile())) {
			return http.send(HttpRequest.newBuilder(URI.create(edgeUrl() + path))
				.header("Authorization", authorization)
				.timeout(Duration.ofSeconds(30))
				.method(method, HttpRequest.BodyPublishers.noBody())
				.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException | InterruptedException ex) {
			throw new IllegalStateException(method + " " + path + " failed", ex);
		}
	}

	/** Imports attendees of the test event into the reconciler's registry. */
	void importAttendees(List<String> attendeeIds) {
		List<Map<String, String>> body = new ArrayList<>();
		for (String id : attendeeIds) {
			body.add(Map.of("attendeeId", id, "displayName", "Attendee " + id));
		}
		admin("POST", "/admin/v1/events/" + EVENT_ID + "/attendees", WireFormat.write(body), 200);
	}

	/**
	 * Imports one attendee of the test event with a name, a company and an e-mail address
	 * (#38's canaries).
	 */
	void importPerson(String attendeeId, String displayName, String company, String email) {
		importPerson(EVENT_ID, attendeeId, displayName, company, email);
	}

	/** As {@link #importPerson(String, String, String, String)}, into another event. */
	void importPerson(String eventId, String attendeeId, String displayName, String company, String email) {
		Map<String, String> person = Map.of("attendeeId", attendeeId, "displayName", displayName, "company", company,
				"email", email);
		admin("POST", "/admin/v1/events/" + eventId + "/attendees", WireFormat.write(List.of(person)), 200);
	}

	/**
	 * Where a canary is in the suite's database (#38): every text, character, JSON and
	 * array column of every table of every schema (from {@code information_schema}), as
	 * {@code schema.table.column} to the rows holding it, case-insensitively.
	 */
	Map<String, Long> canaryColumns(String canary) {
		List<String[]> columns = new ArrayList<>();
		query("""
				SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
				JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
				WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
					AND c.table_schema <> ? AND (c.data_type IN ('text', 'character varying', 'character', 'json',
						'jsonb') OR c.data_type = 'ARRAY')""", "",
				(rs) -> columns.add(new String[] { rs.getString(1), rs.getString(2), rs.getString(3) }));
		Map<String, Long> hits = new java.util.TreeMap<>();
		for (String[] column : columns) {
			String name = column[0] + "." + column[1] + "." + column[2];
			query("SELECT count(*) FROM \"" + column[0] + "\".\"" + column[1] + "\" WHERE \"" + column[2]
					+ "\"::text ILIKE ?", "%" + canary + "%", (rs) -> {
						if (rs.getLong(1) > 0) {
							hits.put(name, rs.getLong(1));
						}
					});
		}
		return hits;
	}

	/**
	 * The Redis keys whose name or value holds a canary (#38), case-insensitively: every
	 * key of the server the services share, every type.
	 */
	List<String> canaryRedisKeys(String canary) {
		String needle = canary.toLowerCase(java.util.Locale.ROOT);
		List<String> found = new ArrayList<>();
		try (org.springframework.data.redis.core.Cursor<String> keys = this.redis
			.scan(org.springframework.data.redis.core.ScanOptions.scanOptions().count(1000).build())) {
			while (keys.hasNext()) {
				String key = keys.next();
				String text = key + " " + switch (this.redis.type(key)) {
					case STRING -> this.redis.opsForValue().get(key);
					case LIST -> this.redis.opsForList().range(key, 0, -1);
					case SET -> this.redis.opsForSet().members(key);
					case ZSET ->
						this.redis.opsForZSet().rangeWithScores(key, 0, -1).stream().map((t) -> t.getValue()).toList();
					case HASH -> this.redis.opsForHash().entries(key);
					case STREAM ->
						this.redis.opsForStream().range(key, org.springframework.data.domain.Range.unbounded());
					default -> "";
				};
				if (text.toLowerCase(java.util.Locale.ROOT).contains(needle)) {
					found.add(key);
				}
			}
		}
		return found;
	}

	/** Erases one attendee's personal data at the reconciler (ADMIN, #38). */
	void erase(String attendeeId) {
		admin("POST", "/admin/v1/attendees/" + attendeeId + "/erase", "{\"reason\":\"agent test\"}", 200);
	}

	/**
	 * Provisions a kiosk of another event for an area and a direction (#35).
	 * @return its token
	 */
	String provision(String kioskId, String eventId, String areaId, String direction) {
		return new KioskProvisioner(KioskProvisioner.httpClient(caFile()), edgeUrl(), "admin", ADMIN_PASSWORD)
			.provision(kioskId, eventId, "agent test " + kioskId, "pool-a", areaId, direction);
	}

	/**
	 * Saves a new version of an event's access-control policy (ADMIN, #35).
	 * @return the version
	 */
	long savePolicy(String eventId, Map<String, Object> policy) {
		String answer = admin("PUT", "/admin/v1/events/" + eventId + "/policy", WireFormat.write(policy), 200);
		return WireFormat.tree(answer.getBytes(StandardCharsets.UTF_8)).get("version").asLong();
	}

	/** Imports attendees of an event with their ticket types (attendee id to type). */
	void importAttendees(String eventId, Map<String, String> ticketTypes) {
		List<Map<String, String>> body = new ArrayList<>();
		ticketTypes.forEach(
				(id, type) -> body.add(Map.of("attendeeId", id, "displayName", "Attendee " + id, "ticketType", type)));
		admin("POST", "/admin/v1/events/" + eventId + "/attendees", WireFormat.write(body), 200);
	}

	/**
	 * The movements the reconciler recorded for a kiosk's entries (#35), by seq: type,
	 * area, policy version, the kiosk's decision and reason.
	 */
	Map<Long, List<String>> movements(String kioskId) {
		Map<Long, List<String>> movements = new java.util.TreeMap<>();
		query("""
				SELECT seq, type, area_id, policy_version, kiosk_decision, kiosk_reason
				FROM reconciler.movements WHERE kiosk_id = ?""", kioskId,
				(rs) -> movements.put(rs.getLong(1), java.util.Arrays.asList(rs.getString(2), rs.getString(3),
						rs.getString(4), rs.getString(5), rs.getString(6))));
		return movements;
	}

	/**
	 * A policy whose main hall admits full passes once and whose badge desk admits every
	 * pass, on every day of a wide range around today, so the machine's clock is always
	 * on one (#35).
	 */
	static Map<String, Object> onceHallPolicy() {
		Map<String, Object> hall = new LinkedHashMap<>();
		hall.put("areaId", "main-hall");
		hall.put("name", "Main hall");
		hall.put("admits", List.of("full"));
		hall.put("reentry", "ONCE");
		Map<String, Object> desk = Map.of("areaId", "badge-desk", "name", "Badge desk", "admits",
				List.of("full", "day"), "reentry", "ANY", "printsBadge", true);
		java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.UTC);
		List<String> days = java.util.stream.Stream.iterate(today.minusDays(2), (day) -> day.plusDays(1))
			.limit(5)
			.map(java.time.LocalDate::toString)
			.toList();
		return Map.of("timeZone", "Europe/Berlin", "days", days, "ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass"), Map.of("id", "day", "name", "Day pass")), "areas",
				List.of(desk, hall));
	}

	private String admin(String method, String path, String json, int expected) {
		String basic = Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.reconcilerPort + path))
			.header("Authorization", "Basic " + basic)
			.header("Content-Type", "application/json")
			.timeout(Duration.ofSeconds(30))
			.method(method, HttpRequest.BodyPublishers.ofString(json))
			.build();
		try {
			HttpResponse<String> response = this.plain.send(request, HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != expected) {
				throw new IllegalStateException(
						method + " " + path + ": HTTP " + response.statusCode() + " " + response.body());
			}
			return response.body();
		}
		catch (IOException | InterruptedException ex) {
			throw new IllegalStateException(method + " " + path + " failed", ex);
		}
	}

	/** Fresh attendees of the test event, imported. */
	List<String> attendees(String prefix, int count) {
		List<String> ids = new ArrayList<>(count);
		String run = UUID.randomUUID().toString().substring(0, 6);
		for (int i = 1; i <= count; i++) {
			ids.add(prefix + "_" + run + "_" + i);
		}
		importAttendees(ids);
		return ids;
	}

	/**
	 * Provisions a kiosk no other test uses and imports attendees of its own.
	 * @param prefix what the kiosk's id and its attendees' ids start with
	 * @param attendees how many attendees
	 * @return the kiosk
	 */
	Kiosk newKiosk(String prefix, int attendees) {
		String kioskId = newKioskId(prefix);
		return new Kiosk(kioskId, provision(kioskId), attendees(prefix, attendees));
	}

	/**
	 * A provisioned kiosk of the test event.
	 *
	 * @param id its id
	 * @param token its token
	 * @param attendees the attendees imported for it
	 */
	record Kiosk(String id, String token, List<String> attendees) {
	}

	/** Settings of an agent for a provisioned kiosk, trusting the edge's certificate. */
	AgentConfig config(String kioskId, String token, Path database) {
		return AgentConfig.defaults(kioskId, edgeUrl(), token)
			.withCaFile(caFile())
			.withDatabase(database)
			.withBackoff(new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(1), 0.2, Duration.ofSeconds(1)));
	}

	/** The idempotency keys the reconciler processed for a kiosk, by outcome. */
	Map<Long, String> processed(String kioskId) {
		Map<Long, String> outcomes = new java.util.TreeMap<>();
		query("SELECT seq, outcome FROM reconciler.processed_entries WHERE source_id = ?", kioskId,
				(rs) -> outcomes.put(rs.getLong(1), rs.getString(2)));
		return outcomes;
	}

	/** How many check-in rows the reconciler holds for an attendee. */
	long checkInRows(String attendeeId) {
		long[] count = new long[1];
		query("SELECT count(*) FROM reconciler.check_ins WHERE attendee_id = ?", attendeeId,
				(rs) -> count[0] = rs.getLong(1));
		return count[0];
	}

	/**
	 * The badge text a kiosk typed for an attendee's check-in, as the reconciler keeps
	 * it: display name and company.
	 */
	List<String> kioskBadgeText(String attendeeId) {
		List<String> text = new ArrayList<>();
		query("SELECT kiosk_display_name, kiosk_company FROM reconciler.check_ins WHERE attendee_id = ?", attendeeId,
				(rs) -> {
					text.add(rs.getString(1));
					text.add(rs.getString(2));
				});
		return text;
	}

	/** The rejection reasons the reconciler quarantined for a kiosk. */
	List<String> rejections(String kioskId) {
		List<String> reasons = new ArrayList<>();
		query("SELECT reason FROM reconciler.rejections WHERE kiosk_id = ?", kioskId,
				(rs) -> reasons.add(rs.getString(1)));
		return reasons;
	}

	/**
	 * Runs a statement on the suite's database (to stage conditions such as a pruned
	 * change log).
	 */
	void execute(String sql) {
		try (Connection connection = DriverManager.getConnection(this.database.jdbcUrl(), this.database.user(),
				this.database.password()); PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.execute();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql, ex);
		}
	}

	/**
	 * Issues an express code for attendees of the test event (ADMIN on the reconciler).
	 */
	String expressCode(List<String> attendeeIds) {
		String basic = Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
		HttpRequest request = HttpRequest
			.newBuilder(URI
				.create("http://127.0.0.1:" + this.reconcilerPort + "/admin/v1/events/" + EVENT_ID + "/express-codes"))
			.header("Authorization", "Basic " + basic)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(Map.of("attendeeIds", attendeeIds))))
			.build();
		try {
			HttpResponse<String> response = this.plain.send(request, HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 201) {
				throw new IllegalStateException("express code: HTTP " + response.statusCode() + " " + response.body());
			}
			return response.body().replaceAll(".*\"code\"\\s*:\\s*\"([^\"]+)\".*", "$1");
		}
		catch (IOException | InterruptedException ex) {
			throw new IllegalStateException("express code failed", ex);
		}
	}

	private void query(String sql, String parameter, Row row) {
		try (Connection connection = DriverManager.getConnection(this.database.jdbcUrl(), this.database.user(),
				this.database.password()); PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setString(1, parameter);
			try (ResultSet rs = statement.executeQuery()) {
				while (rs.next()) {
					row.accept(rs);
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql, ex);
		}
	}

	@FunctionalInterface
	private interface Row {

		void accept(ResultSet rs) throws SQLException;

	}

}
