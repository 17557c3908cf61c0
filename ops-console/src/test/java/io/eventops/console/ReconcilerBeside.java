package io.eventops.console;

import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.ReconcilerApplication;
import io.eventops.reconciler.checkin.BatchReconciler;
import io.eventops.testsupport.CommonTestData;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;

import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The real reconciler the console's tests talk to, once per JVM: the service itself on a
 * random port, on a fresh PostgreSQL database and Redis namespace, with the test
 * accounts.
 */
final class ReconcilerBeside {

	private static TestDatabase database;

	private static ConfigurableApplicationContext reconciler;

	private ReconcilerBeside() {
	}

	static synchronized String url() {
		if (reconciler == null) {
			database = TestInfrastructure.freshDatabase();
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("server.port", 0);
			properties.put("management.server.port", 0);
			properties.put("spring.datasource.url", database.jdbcUrl());
			properties.put("spring.datasource.username", database.user());
			properties.put("spring.datasource.password", database.password());
			properties.putAll(TestInfrastructure.redis().springProperties());
			properties.put("eventops.redis.key-prefix", TestInfrastructure.freshRedisNamespace());
			properties.putAll(CommonTestData.credentials());
			// command-line arguments outrank reconciler.yml, as they would for the
			// service
			String[] arguments = properties.entrySet()
				.stream()
				.map((property) -> "--" + property.getKey() + "=" + property.getValue())
				.toArray(String[]::new);
			reconciler = ReconcilerApplication.builder().run(arguments);
		}
		return "http://127.0.0.1:" + ((WebServerApplicationContext) reconciler).getWebServer().getPort();
	}

	/**
	 * Has a kiosk's check-in of an attendee reconciled, as the edge would forward it.
	 * @param kioskId the kiosk
	 * @param eventId the event
	 * @param seq the kiosk's seq
	 * @param attendeeId the attendee (unknown to the event: the entry is quarantined)
	 * @return the entry's outcome
	 */
	static Outcome checkIn(String kioskId, String eventId, long seq, String attendeeId) {
		url();
		OffsetDateTime captured = OffsetDateTime.parse("2026-07-16T09:00:00+02:00").plusSeconds(seq);
		FlushEntry entry = new FlushEntry(seq, kioskId + ":" + seq, EntryType.CHECK_IN, attendeeId, captured,
				captured.plusSeconds(1), false, null);
		String raw = "{\"seq\":" + seq + ",\"idempotencyKey\":\"" + entry.idempotencyKey()
				+ "\",\"type\":\"CHECK_IN\",\"attendeeId\":\"" + attendeeId + "\",\"capturedAt\":\"" + captured
				+ "\",\"queuedAt\":\"" + entry.queuedAt() + "\"}";
		return reconciler.getBean(BatchReconciler.class)
			.reconcile(new ReconcileRequest(kioskId, eventId, "default",
					List.of(ReconcileEntry.valid(entry, raw, List.of()))))
			.results()
			.get(0)
			.outcome();
	}

	static JdbcTemplate jdbc() {
		url();
		return new JdbcTemplate(new DriverManagerDataSource(database.jdbcUrl(), database.user(), database.password()));
	}

}
