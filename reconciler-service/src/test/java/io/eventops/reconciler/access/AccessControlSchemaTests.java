package io.eventops.reconciler.access;

import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tables of access control (V16, #35): policy versions per event, movements, and the
 * change log's POLICY changes that carry no attendee.
 */
@ReconcilerTest
class AccessControlSchemaTests {

	@Autowired
	private JdbcTemplate jdbc;

	@Test
	void policyVersionsAreNumberedPerEventFromOne() {
		String event = TestData.unique("evt");
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?)", event);
		this.jdbc.update("INSERT INTO reconciler.event_policies (event_id, version, policy, saved_by) "
				+ "VALUES (?, 1, '{}'::jsonb, 'admin')", event);
		assertThatThrownBy(() -> this.jdbc.update("INSERT INTO reconciler.event_policies "
				+ "(event_id, version, policy, saved_by) VALUES (?, 1, '{}'::jsonb, 'admin')", event))
			.isInstanceOf(DataIntegrityViolationException.class);
		assertThatThrownBy(() -> this.jdbc.update("INSERT INTO reconciler.event_policies "
				+ "(event_id, version, policy, saved_by) VALUES (?, 0, '{}'::jsonb, 'admin')", event))
			.isInstanceOf(DataIntegrityViolationException.class);
	}

	@Test
	void aMovementKeepsTheKioskDecisionAndTheServerVerdict() {
		String event = TestData.unique("evt");
		String attendee = TestData.attendees(this.jdbc, event, 1).get(0);
		this.jdbc
			.update("""
					INSERT INTO reconciler.movements (idempotency_key, event_id, attendee_id, kiosk_id, seq, type,
					  area_id, captured_at, policy_version, kiosk_decision, server_verdict, server_reason, against_rules)
					VALUES ('k-1:1', ?, ?, 'k-1', 1, 'CHECK_IN', 'hall', now(), 1, 'ADMIT', 'REFUSE', 'ALREADY_ENTERED', true)""",
					event, attendee);
		assertThat(this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.movements WHERE event_id = ? AND against_rules", Long.class, event))
			.isEqualTo(1);
		assertThatThrownBy(() -> this.jdbc.update("""
				INSERT INTO reconciler.movements (idempotency_key, event_id, attendee_id, kiosk_id, seq, type,
				  captured_at) VALUES ('k-1:2', ?, ?, 'k-1', 2, 'SOMETHING', now())""", event, attendee))
			.isInstanceOf(DataIntegrityViolationException.class);
	}

	@Test
	void aPolicyChangeCarriesThePolicyAndNoAttendee() {
		String event = TestData.unique("evt");
		this.jdbc.update("""
				INSERT INTO reconciler.change_log (stream_seq, event_id, kind, policy)
				VALUES (nextval('reconciler.stream_seq'), ?, 'POLICY', '{"version": 1}'::jsonb)""", event);
		assertThatThrownBy(() -> this.jdbc.update("""
				INSERT INTO reconciler.change_log (stream_seq, event_id, kind)
				VALUES (nextval('reconciler.stream_seq'), ?, 'POLICY')""", event))
			.isInstanceOf(DataIntegrityViolationException.class);
	}

}
