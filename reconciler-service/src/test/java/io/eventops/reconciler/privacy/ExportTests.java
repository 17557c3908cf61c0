package io.eventops.reconciler.privacy;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.TestPolicy;
import io.eventops.reconciler.checkin.BatchReconciler;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.eventops.reconciler.HttpTestClient.admin;
import static io.eventops.reconciler.HttpTestClient.ops;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The exports of personal data (#38): an event's, streamed from a PostgreSQL cursor in
 * constant memory, as JSON or CSV; one person's, as JSON; admins only.
 */
@ReconcilerTest
class ExportTests {

	private static final OffsetDateTime THU = OffsetDateTime.parse("2026-07-16T10:00:00+02:00");

	private static final String EXPORT_STATE = """
			SELECT state FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query LIKE '%eventops:export%'
			  AND query NOT LIKE '%pg_stat_activity%'""";

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JsonMapper json;

	@Value("${spring.datasource.url}")
	private String datasourceUrl;

	@Value("${spring.datasource.username}")
	private String datasourceUser;

	@Value("${spring.datasource.password:}")
	private String datasourcePassword;

	private HttpTestClient http;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.event = TestData.unique("evt");
	}

	// A reader that holds still after the first lines holds the server's writes, and so
	// its cursor: the rest of the 100 000 attendees are still in PostgreSQL, not in the
	// reconciler's heap. An export that read every row before writing (a list, or a
	// fetch size the driver ignores under auto-commit) would have finished its query.
	@Test
	void anEventOfAHundredThousandAttendeesIsStreamedFromACursor() throws Exception {
		int attendees = 100_000;
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", this.event);
		this.jdbc.update("""
				INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, email)
				SELECT ? || '_' || lpad(g::text, 6, '0'), ?, 'Person ' || g || repeat(' x', 100),
				  'Company ' || g || repeat(' y', 100), 'p' || g || '@example.org'
				FROM generate_series(1, ?) AS g""", this.event, this.event, attendees);
		String kiosk = TestData.kiosk();
		this.reconciler.reconcile(
				TestData.request(kiosk, this.event, TestData.entry(kiosk, 1, this.event + "_000001").capturedAt(THU)));

		HttpResponse<InputStream> response = HttpClient.newHttpClient()
			.send(HttpRequest
				.newBuilder(URI
					.create("http://localhost:" + this.port + "/admin/v1/events/" + this.event + "/export?format=json"))
				.header("Authorization", admin())
				.timeout(Duration.ofMinutes(2))
				.build(), HttpResponse.BodyHandlers.ofInputStream());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
			assertThat(reader.readLine()).isEqualTo("[");
			JsonNode first = this.json.readTree(reader.readLine().replaceAll(",$", ""));
			assertThat(first.get("attendeeId").asString()).isEqualTo(this.event + "_000001");
			assertThat(first.get("checkIn").get("by").asString()).isEqualTo(kiosk);
			assertThat(first.get("entries").get(0).get("outcome").asString()).isEqualTo("APPLIED");
			for (int i = 0; i < 998; i++) {
				reader.readLine();
			}
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(this.jdbc.queryForList(EXPORT_STATE, String.class))
					.as("the export's cursor is open while its reader holds still")
					.containsAnyOf("idle in transaction", "active"));
			long lines = 1000;
			String last = null;
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				lines++;
				last = line;
			}
			assertThat(lines).isEqualTo(attendees + 2);
			assertThat(last).isEqualTo("]");
		}
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(this.jdbc.queryForList(EXPORT_STATE, String.class))
				.as("the transaction ends with the export")
				.doesNotContain("idle in transaction", "active"));

		// the same exports in a JVM whose heap is a third of the export's size: a driver
		// that buffered the result (no fetch size, or auto-commit) runs out of memory
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m", "-cp",
						System.getProperty("java.class.path"), ExportHeapProbe.class.getName(), this.datasourceUrl,
						this.datasourceUser, this.event));
		if (!this.datasourcePassword.isEmpty()) {
			command.add(this.datasourcePassword);
		}
		Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(probe.waitFor(2, TimeUnit.MINUTES)).isTrue();
		assertThat(probe.exitValue()).as(output).isZero();
		assertThat(this.jdbc.queryForObject(
				"SELECT sum(length(display_name) + length(company)) FROM reconciler.attendees WHERE event_id = ?",
				Long.class, this.event))
			.as("the names alone are larger than the probe's heap")
			.isGreaterThan(32L * 1024 * 1024);
	}

	@Test
	void theCsvHasOneRowPerMovementAndCellsThatSpreadsheetsDoNotRun() throws Exception {
		long version = this.http
			.putJson("/admin/v1/events/" + this.event + "/policy", admin(),
					TestPolicy.policy().area("hall", "ANY").build())
			.body()
			.get("version")
			.asLong();
		String prefix = TestData.unique("att").replace('-', '_');
		String a = prefix + "_a";
		String b = prefix + "_b";
		assertThat(this.http.postJson("/admin/v1/events/" + this.event + "/attendees", admin(),
				List.of(Map.of("attendeeId", a, "displayName", "Doe, \"Jo\"", "company", "=cmd()"),
						Map.of("attendeeId", b, "displayName", "Ann")))
			.status()).isBetween(200, 201);
		String kiosk = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(kiosk, this.event,
				TestData.entry(kiosk, 1, a).capturedAt(THU).admittedAt("hall", version),
				TestData.entry(kiosk, 2, a).capturedAt(THU.plusMinutes(1)).exitAt("hall")));

		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest
				.newBuilder(URI
					.create("http://localhost:" + this.port + "/admin/v1/events/" + this.event + "/export?format=csv"))
				.header("Authorization", admin())
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
		List<String> rows = response.body().lines().toList();
		assertThat(rows.get(0)).isEqualTo(String.join(",", Exports.CSV_HEADER));
		assertThat(rows).hasSize(4);
		assertThat(rows.get(1)).startsWith(a + ",\"Doe, \"\"Jo\"\"\",'=cmd(),")
			.contains("," + kiosk + ":1,CHECK_IN,hall," + kiosk + ",");
		assertThat(rows.get(2)).contains("," + kiosk + ":2,EXIT,hall,");
		assertThat(rows.get(3)).startsWith(b + ",Ann,");
	}

	@Test
	void onePersonsExportHoldsTheirDataAndTheirsOnly() {
		String[] people = TestData.attendees(this.jdbc, this.event, 2).toArray(new String[0]);
		String kiosk = TestData.kiosk();
		this.reconciler.reconcile(TestData.request(kiosk, this.event,
				TestData.entry(kiosk, 1, people[0]).capturedAt(THU).displayName("Jo Override")));
		HttpTestClient.Response export = this.http.get("/admin/v1/attendees/" + people[0] + "/export", admin());
		assertThat(export.status()).isEqualTo(200);
		assertThat(export.body().get("displayName").asString()).isEqualTo("Name " + people[0]);
		assertThat(export.body().get("checkIn").get("kioskDisplayName").asString()).isEqualTo("Jo Override");
		assertThat(export.body().get("badgeJobs")).hasSize(1);
		assertThat(export.body().toString()).doesNotContain(people[1]);
	}

	@Test
	void aBadFormatAnUnknownEventOrOpsIsAProblem() {
		TestData.attendees(this.jdbc, this.event, 1);
		String path = "/admin/v1/events/" + this.event + "/export";
		HttpTestClient.Response bad = this.http.get(path + "?format=xml", admin());
		assertThat(bad.status()).isEqualTo(422);
		assertThat(bad.contentType()).startsWith("application/problem+json");
		assertThat(bad.body().get("type").asString()).endsWith("/invalid-export-format");
		assertThat(this.http.get("/admin/v1/events/no-" + this.event + "/export?format=csv", admin()).status())
			.isEqualTo(404);
		assertThat(this.http.get("/admin/v1/attendees/nobody-" + this.event + "/export", admin()).status())
			.isEqualTo(404);
		assertThat(this.http.get(path + "?format=csv", ops()).status()).isEqualTo(403);
		assertThat(this.http.get("/admin/v1/attendees/x/export", ops()).status()).isEqualTo(403);
	}

}
