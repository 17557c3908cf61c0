package io.eventops.reconciler.privacy;

import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;

import static io.eventops.testsupport.HttpTestClient.admin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The reconciler writes no name, company or e-mail to its log on its error paths (#38,
 * invariant 15): request bodies it cannot read, and PostgreSQL errors, whose detail
 * ({@code Failing row contains (...)}, {@code Key (...)=(...)}, the JSON text of a bad
 * {@code jsonb}) the JDBC driver would put into the exception's message, which a 500 logs
 * in full. Each case provokes the error with a canary and reads the captured output.
 */
@ReconcilerTest
@ExtendWith(OutputCaptureExtension.class)
class PersonalDataLogTests {

	private static final Logger logger = LoggerFactory.getLogger(PersonalDataLogTests.class);

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private HttpTestClient http;

	private String canary;

	private String event;

	@BeforeEach
	void setUp() {
		this.http = new HttpTestClient(this.port);
		this.canary = "Cnry" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		this.event = TestData.unique("logs");
	}

	@Test
	void unreadableImportBodiesAreNotLoggedWithTheirText(CapturedOutput output) {
		String path = "/admin/v1/events/" + this.event + "/attendees";
		// a type mismatch (Jackson names the value it could not read) and broken JSON
		for (String body : new String[] {
				"[{\"attendeeId\": \"a1\", \"displayName\": {\"x\": \"" + this.canary + "\"}}]",
				"[{\"attendeeId\": \"a1\", \"tier\": [\"" + this.canary + "\"], \"displayName\": 7}]",
				"[{\"attendeeId\": \"a1\", \"displayName\": \"" + this.canary + "\" \"" + this.canary + "\"}]",
				"[{\"attendeeId\": \"a1\", \"displayName\": " + this.canary + "}]" }) {
			assertThat(this.http.post(path, admin(), "application/json", body).status()).as(body).isBetween(400, 499);
		}
		assertThat(output.getAll()).doesNotContainIgnoringCase(this.canary);
	}

	@Test
	void aPostgresqlErrorOnARowWithANameCarriesNoneOfItsValues(CapturedOutput output) {
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", this.event);
		// a failing row (a not-null violation on the service's own pool), logged as the
		// problem handler logs an unexpected error: with the exception and its causes
		DataAccessException failure = catchDataAccess(() -> this.jdbc.update(
				"INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, email)"
						+ " VALUES (NULL, ?, ?, ?, ?)",
				this.event, this.canary, this.canary + " Ltd", this.canary + "@example.org"));
		logger.error("Unexpected error", failure);
		// a JSON document PostgreSQL refuses: the error's context quotes it
		failure = catchDataAccess(() -> this.jdbc.queryForObject("SELECT ?::jsonb", String.class,
				"{\"displayName\": \"" + this.canary + "\\u0000\"}"));
		logger.error("Unexpected error", failure);
		assertThat(output.getAll()).contains("Unexpected error").doesNotContainIgnoringCase(this.canary);
	}

	private static DataAccessException catchDataAccess(Runnable statement) {
		DataAccessException[] caught = new DataAccessException[1];
		assertThatExceptionOfType(DataAccessException.class).isThrownBy(statement::run)
			.satisfies((ex) -> caught[0] = ex);
		return caught[0];
	}

}
