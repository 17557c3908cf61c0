package io.eventops.reconciler.access;

import java.util.List;

import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * V18 (#35, invariant 11): the movements written without an area before the batch path
 * placed them at the badge desk get the badge area of the version they are judged under,
 * and the changes already in the stream no longer carry one without an area, so no kiosk
 * cache is sent a movement it cannot place.
 */
class MovementAreasMigrationTests {

	private static final String POLICY = """
			{"areas": [{"areaId": "hall", "printsBadge": false}, {"areaId": "%s", "printsBadge": true}]}""";

	@Test
	void aMovementWithoutAnAreaGetsTheBadgeAreaOfItsVersion() {
		TestDatabase database = TestInfrastructure.freshDatabase();
		DriverManagerDataSource dataSource = new DriverManagerDataSource(database.jdbcUrl(), database.user(),
				database.password());
		flyway(dataSource, "17").migrate();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.update("INSERT INTO reconciler.events (event_id) VALUES ('evt')");
		jdbc.update(
				"INSERT INTO reconciler.attendees (attendee_id, event_id, display_name) VALUES ('att', 'evt', 'A')");
		jdbc.update(
				"""
						INSERT INTO reconciler.event_policies (event_id, version, policy, saved_by, saved_at)
						VALUES ('evt', 1, ?::jsonb, 'ops', '2026-07-16T09:00:00Z'), ('evt', 2, ?::jsonb, 'ops', '2026-07-16T12:00:00Z')""",
				POLICY.formatted("desk"), POLICY.formatted("registration"));
		jdbc.update("""
				INSERT INTO reconciler.movements (idempotency_key, event_id, attendee_id, kiosk_id, seq, type, area_id,
				  captured_at, policy_version, judged_version)
				VALUES ('k:1', 'evt', 'att', 'k', 1, 'CHECK_IN', NULL, '2026-07-16T10:00:00Z', NULL, 1),
				  ('k:2', 'evt', 'att', 'k', 2, 'EXIT', NULL, '2026-07-16T13:00:00Z', NULL, NULL),
				  ('k:3', 'evt', 'att', 'k', 3, 'REFUSED', NULL, '2026-07-16T08:00:00Z', 2, NULL),
				  ('d:1', 'evt', 'att', 'd', 1, 'CHECK_IN', 'hall', '2026-07-16T10:00:00Z', 1, 1)""");
		jdbc.update("""
				INSERT INTO reconciler.change_log (stream_seq, event_id, attendee_id, kind, attendee)
				VALUES (1, 'evt', 'att', 'UPDATED', ?::jsonb)""", """
				{"attendeeId": "att", "movements": [{"key": "k:1", "type": "CHECK_IN", "areaId": null},
				  {"key": "d:1", "type": "CHECK_IN", "areaId": "hall"}]}""");
		flyway(dataSource, "latest").migrate();
		assertThat(jdbc.queryForList("""
				SELECT idempotency_key || ' ' || area_id || ' ' || judged_version FROM reconciler.movements
				ORDER BY idempotency_key""", String.class)).containsExactly("d:1 hall 1", "k:1 desk 1",
				"k:2 registration 2", "k:3 registration 2");
		List<String> streamed = jdbc.queryForList("""
				SELECT m ->> 'key' FROM reconciler.change_log, jsonb_array_elements(attendee -> 'movements') AS m""",
				String.class);
		assertThat(streamed).containsExactly("d:1");
	}

	private static Flyway flyway(DriverManagerDataSource dataSource, String target) {
		return Flyway.configure()
			.dataSource(dataSource)
			.schemas("reconciler")
			.defaultSchema("reconciler")
			.locations("classpath:db/migration/reconciler")
			.target(target)
			.load();
	}

}
