package io.eventops.orchestrator.ledger;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.VirtualPrinter;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ledger's copies of the badge text follow the reconciler's erasures (#38), against
 * real PostgreSQL with both services' migrations and a virtual printer over TCP: an
 * erased attendee's printed jobs lose their name and company, then an erased event's
 * every job does; ids, states, printers, attempts and times stay; each erasure is applied
 * once; a search of every text column of the {@code printing} schema finds the canaries
 * before and none after; and the log of the run names no one.
 */
@OrchestratorTest
class BadgeTextErasureTests extends PrintFloorTest {

	@Autowired
	BadgeTextErasure erasure;

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void erasedAttendeesLoseTheirBadgeTextAndThePrintHistoryStays(CapturedOutput output) {
		String run = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
		String name = "Canaryname" + run;
		String company = "Canarycorp" + run;
		String pool = TestData.unique("erase");
		VirtualPrinter printer = this.floor.start("erase", Duration.ofMillis(20));
		List<BadgeJob> jobs = TestData.badgeJobs(this.jdbc, pool, 3, name);
		String[] attendees = jobs.stream().map(BadgeJob::attendeeId).toArray(String[]::new);
		this.jdbc.update("UPDATE reconciler.attendees SET company = ? WHERE attendee_id = ANY (?)", company, attendees);
		String eventId = this.jdbc.queryForObject("SELECT event_id FROM reconciler.attendees WHERE attendee_id = ?",
				String.class, attendees[0]);
		this.floor.register(printer, pool);
		this.floor.awaitAllPrinted(jobs);
		// the search itself is proven
		assertThat(canaryHits(name)).isEqualTo(3);
		assertThat(canaryHits(company)).isEqualTo(3);
		List<Map<String, Object>> history = history(jobs);

		long one = eraseAttendee(eventId, attendees[0]);
		eventually().until(() -> badgeText(jobs.get(0)).equals(List.of("")));
		assertThat(badgeText(jobs.get(1))).containsExactly(name, company);
		assertThat(canaryHits(name)).isEqualTo(2);

		long all = eraseEvent(eventId);
		eventually().until(() -> canaryHits(name) == 0 && canaryHits(company) == 0);
		assertThat(history(jobs)).isEqualTo(history);
		assertThat(this.jdbc.queryForList(
				"SELECT print_jobs FROM printing.applied_erasures WHERE erasure_id IN (?, ?) ORDER BY erasure_id",
				Integer.class, one, all))
			.containsExactly(1, 2);
		// once: a pass afterwards finds nothing to apply
		assertThat(this.erasure.applyOnce().erasures()).isZero();
		// the log of the run (relay, dispatch, confirmation, erasure) names no one
		assertThat(output.getAll()).contains("Applied")
			.doesNotContainIgnoringCase(name)
			.doesNotContainIgnoringCase(company);
	}

	// the reconciler's erasure of one attendee (privacy.Erasures), as far as this schema
	// reads it
	private long eraseAttendee(String eventId, String attendeeId) {
		this.jdbc.update("UPDATE reconciler.attendees SET display_name = '', company = NULL, email = NULL, "
				+ "erased_at = now() WHERE attendee_id = ?", attendeeId);
		return audit("ATTENDEE", eventId, attendeeId);
	}

	private long eraseEvent(String eventId) {
		this.jdbc.update("UPDATE reconciler.attendees SET display_name = '', company = NULL, email = NULL, "
				+ "erased_at = now() WHERE event_id = ? AND erased_at IS NULL", eventId);
		this.jdbc.update("UPDATE reconciler.events SET erased_at = now() WHERE event_id = ?", eventId);
		return audit("EVENT", eventId, null);
	}

	private long audit(String scope, String eventId, String attendeeId) {
		return this.jdbc.queryForObject("""
				INSERT INTO reconciler.erasures (scope, event_id, attendee_id, reason, erased_by, attendees, check_ins,
					rejections, changes, badge_jobs, annulments)
				VALUES (?, ?, ?, 'test', 'admin', 1, 0, 0, 0, 1, 0) RETURNING id""", Long.class, scope, eventId,
				attendeeId);
	}

	private List<String> badgeText(BadgeJob job) {
		return this.jdbc.queryForObject("SELECT display_name, company FROM printing.print_jobs WHERE job_id = ?", (rs,
				n) -> (rs.getString(2) != null) ? List.of(rs.getString(1), rs.getString(2)) : List.of(rs.getString(1)),
				job.jobId());
	}

	private List<Map<String, Object>> history(List<BadgeJob> jobs) {
		return this.jdbc.queryForList("""
				SELECT job_id, attendee_id, event_id, credential_version, state, printer_id, attempts, created_at,
					queued_at, printed_at, confirmed_by, label_count_before, label_count_after
				FROM printing.print_jobs WHERE job_id = ANY (?) ORDER BY job_id""",
				(Object) jobs.stream().map(BadgeJob::jobId).toArray(UUID[]::new));
	}

	// rows of every text, character and JSON column of every table of the schema that
	// hold the canary (from information_schema, so a column added later is searched too)
	private long canaryHits(String canary) {
		long hits = 0;
		for (Map<String, Object> column : this.jdbc.queryForList("""
				SELECT c.table_name, c.column_name FROM information_schema.columns c
				JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
				WHERE c.table_schema = 'printing' AND t.table_type = 'BASE TABLE'
					AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
						OR c.data_type = 'ARRAY')""")) {
			hits += this.jdbc.queryForObject("SELECT count(*) FROM printing." + column.get("table_name") + " WHERE "
					+ column.get("column_name") + "::text ILIKE ?", Long.class, "%" + canary + "%");
		}
		return hits;
	}

}
