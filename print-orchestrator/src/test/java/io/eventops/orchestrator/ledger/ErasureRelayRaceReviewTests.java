package io.eventops.orchestrator.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.TestData.BadgeJob;

import static io.eventops.orchestrator.PrintFloor.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of #38 (invariant 15): an erasure that commits while the outbox relay's
 * statement is between its snapshot and its commit. The relay's statement reads the badge
 * text from {@code reconciler.badge_job_feed} at its snapshot (before the erasure), the
 * erasure commits, {@link BadgeTextErasure} runs, does not see the relay's uncommitted
 * row and records the erasure as applied; then the relay commits the name. No later pass
 * looks at the erasure again, so the name stays in {@code printing.print_jobs} for ever.
 *
 * <p>
 * The relay's own statement ({@link PrintLedger#relayFromOutbox}) is stretched by holding
 * a conflicting, uncommitted insert of the same job id on another connection (its
 * {@code ON CONFLICT} waits for it), which stands for a slow statement; the blocker rolls
 * back, so the row the relay commits is entirely its own.
 */
@OrchestratorTest
class ErasureRelayRaceReviewTests extends PrintFloorTest {

	@Autowired
	BadgeTextErasure erasure;

	@Autowired
	PrintLedger ledger;

	@Autowired
	DataSource dataSource;

	@Test
	void anErasureThatCommitsDuringARelayLeavesNoNameInTheLedger() throws Exception {
		String run = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
		String name = "Racecanary" + run;
		// a pool with no printer: only this test relays it, the scheduled relay does not
		String pool = TestData.unique("erase-race");
		BadgeJob job = TestData.badgeJobs(this.jdbc, pool, 1, name).get(0);
		String eventId = this.jdbc.queryForObject("SELECT event_id FROM reconciler.attendees WHERE attendee_id = ?",
				String.class, job.attendeeId());

		CompletableFuture<PrintLedger.Relayed> relay;
		try (Connection blocker = this.dataSource.getConnection()) {
			blocker.setAutoCommit(false);
			try (PreparedStatement insert = blocker.prepareStatement("""
					INSERT INTO printing.print_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
						display_name, company, tier, state, created_at)
					VALUES (?, ?, ?, 1, ?, '', NULL, 'STANDARD', 'PENDING', now())""")) {
				insert.setObject(1, job.jobId());
				insert.setString(2, job.attendeeId());
				insert.setString(3, eventId);
				insert.setString(4, pool);
				insert.executeUpdate();
			}
			// the relay's statement takes its snapshot (the name is there) and waits
			relay = CompletableFuture.supplyAsync(() -> this.ledger.relayFromOutbox(pool, 10));
			eventually().until(this::relayWaits);

			// the reconciler's erasure commits (as privacy.Erasures leaves the rows this
			// schema reads), and the erasure pass runs
			this.jdbc.update("UPDATE reconciler.attendees SET display_name = '', company = NULL, email = NULL, "
					+ "erased_at = now() WHERE attendee_id = ?", job.attendeeId());
			long erasureId = this.jdbc.queryForObject("""
					INSERT INTO reconciler.erasures (scope, event_id, attendee_id, reason, erased_by, attendees,
						check_ins, rejections, changes, badge_jobs, annulments)
					VALUES ('ATTENDEE', ?, ?, 'review', 'admin', 1, 0, 0, 0, 1, 0) RETURNING id""", Long.class, eventId,
					job.attendeeId());
			this.erasure.applyOnce();
			eventually().until(() -> this.jdbc.queryForObject(
					"SELECT count(*) FROM printing.applied_erasures WHERE erasure_id = ?", Long.class, erasureId) == 1);

			blocker.rollback();
		}
		assertThat(relay.get().inserted()).containsExactly(job.jobId());

		// any number of passes afterwards
		this.erasure.applyOnce();
		this.erasure.applyOnce();
		assertThat(this.jdbc.queryForList("SELECT display_name FROM printing.print_jobs WHERE job_id = ?", String.class,
				job.jobId()))
			.as("the badge text of an attendee erased while the relay took the job")
			.containsExactly("");
	}

	private boolean relayWaits() {
		List<String> waiting = this.jdbc.queryForList("""
				SELECT query FROM pg_stat_activity
				WHERE wait_event_type = 'Lock' AND query LIKE '%take_from_badge_job_outbox%'""", String.class);
		return !waiting.isEmpty();
	}

}
