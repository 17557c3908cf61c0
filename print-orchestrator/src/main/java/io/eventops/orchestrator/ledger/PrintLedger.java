package io.eventops.orchestrator.ledger;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

import io.eventops.printer.client.ConfirmationMode;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads and moves print jobs; every state change is one conditional statement, so that
 * replicas, failover and late printer answers never overwrite each other.
 */
@Repository
public class PrintLedger {

	private static final String COLUMNS = "job_id, attendee_id, event_id, credential_version, printer_pool, "
			+ "display_name, company, tier, printer_id, state, attempts, possible_duplicate, created_at, printed_at, "
			+ "confirmed_by, label_count_before";

	// A failover's move is decided in its own statement, on the printer's state at that
	// moment: a sweeper (or probe) on one replica that read the printer out never moves
	// the work of a printer ops enabled meanwhile on another replica. FOR SHARE orders
	// the
	// move and a concurrent enable: whichever commits second sees the other's result.
	private static final String FROM_PRINTER_OUT = "EXISTS (SELECT 1 FROM printing.printers d"
			+ " WHERE d.printer_id = ? AND d.state IN ('DOWN', 'DISABLED') FOR SHARE)";

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final RowMapper<PrintJob> mapper = PrintLedger::map;

	public PrintLedger(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.transactions = new TransactionTemplate(new DataSourceTransactionManager(jdbc.getDataSource()));
	}

	/**
	 * Moves up to {@code limit} of a pool's oldest untaken jobs from the reconciler's
	 * outbox into the ledger as PENDING, in one statement: the reconciler's
	 * {@code take_from_badge_job_outbox} removes them from its relay table in the same
	 * transaction, so a job is taken once and a failed insert leaves it there (invariant
	 * 7). Safe with several replicas: they take disjoint jobs. The take locks the jobs'
	 * event and attendee rows before it reads their badge text, so an erasure either
	 * committed before (the text is empty) or waits until this transaction committed
	 * (then {@link BadgeTextErasure} finds the jobs): #38, invariant 15, the reconciler's
	 * V29.
	 * @param pool the printer pool
	 * @param limit most jobs per call
	 * @return how many jobs were taken, and the ones this call inserted (fewer when a
	 * taken job was already in the ledger), oldest first (no job taken ahead as live)
	 */
	public Relayed relayFromOutbox(String pool, int limit) {
		return relayFromOutbox(pool, limit, Duration.ZERO);
	}

	/**
	 * Takes up to {@code limit} jobs of one pool from the reconciler's outbox into the
	 * ledger as PENDING, live jobs first (issue #24): those whose check-in was captured
	 * as it was applied, created at most {@code liveAhead} after the pool's oldest
	 * untaken job, then the oldest; each job is taken once (invariant 7).
	 * @param pool the printer pool
	 * @param limit most jobs
	 * @param liveAhead how far a live job may overtake older ones ({@code 0}: oldest
	 * first)
	 * @return what was taken, the new ledger jobs in take order
	 */
	public Relayed relayFromOutbox(String pool, int limit, Duration liveAhead) {
		// READ COMMITTED (the database's default), so that the take's read of the badge
		// text sees an erasure it waited for (V29)
		return this.transactions.execute((status) -> take(pool, limit, liveAhead));
	}

	private Relayed take(String pool, int limit, Duration liveAhead) {
		return this.jdbc.queryForObject("""
				WITH taken AS (SELECT * FROM reconciler.take_from_badge_job_outbox(?, ?, make_interval(secs => ?))
					WITH ORDINALITY),
				inserted AS (
					INSERT INTO printing.print_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
						display_name, company, tier, state, created_at)
					SELECT f.job_id, f.attendee_id, f.event_id, f.credential_version, f.printer_pool,
						f.display_name, f.company, f.tier, 'PENDING', f.created_at
					FROM taken f
					ON CONFLICT (job_id) DO NOTHING
					RETURNING job_id)
				SELECT (SELECT count(*) FROM taken),
					ARRAY(SELECT i.job_id FROM inserted i JOIN taken t ON t.job_id = i.job_id
						ORDER BY t.ordinality)""", (rs, n) -> {
			UUID[] ids = (UUID[]) rs.getArray(2).getArray();
			return new Relayed(rs.getInt(1), List.of(ids));
		}, limit, pool, liveAhead.toNanos() / 1e9);
	}

	/**
	 * Badge jobs not taken into the ledger yet, per printer pool: the part of the print
	 * backlog that waits in the reconciler's outbox.
	 * @return untaken jobs by pool
	 */
	public Map<String, Long> outboxBacklog() {
		Map<String, Long> backlog = new TreeMap<>();
		this.jdbc.query("SELECT printer_pool, jobs FROM reconciler.badge_job_backlog()", (ResultSet rs) -> {
			backlog.put(rs.getString(1), rs.getLong(2));
		});
		return backlog;
	}

	/**
	 * The result of one relay call.
	 *
	 * @param taken the jobs taken from the outbox
	 * @param inserted the ones new to the ledger
	 */
	public record Relayed(int taken, List<UUID> inserted) {
	}

	public Optional<PrintJob> find(UUID jobId) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM printing.print_jobs WHERE job_id = ?", this.mapper, jobId)
			.stream()
			.findFirst();
	}

	/**
	 * PENDING jobs of one pool, oldest first.
	 * @param pool the printer pool
	 * @param limit most rows
	 * @return the jobs
	 */
	public List<PrintJob> pending(String pool, int limit) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM printing.print_jobs WHERE state = 'PENDING'"
				+ " AND printer_pool = ? ORDER BY created_at LIMIT ?", this.mapper, pool, limit);
	}

	/**
	 * How many jobs wait for a printer: PENDING in the ledger or not taken from the
	 * outbox yet.
	 * @return the count
	 */
	public long pendingCount() {
		Long count = this.jdbc.queryForObject("""
				SELECT (SELECT count(*) FROM printing.print_jobs WHERE state = 'PENDING')
					+ (SELECT coalesce(sum(jobs), 0) FROM reconciler.badge_job_backlog())""", Long.class);
		return (count != null) ? count : 0;
	}

	/**
	 * Assigns PENDING jobs to a printer in one statement (one commit, not one per job).
	 * @param jobIds the jobs
	 * @param printerId the printer
	 * @return the jobs this call assigned: those still PENDING
	 */
	public Set<UUID> assign(List<UUID> jobIds, String printerId) {
		return new HashSet<>(this.jdbc.queryForList("""
				UPDATE printing.print_jobs SET state = 'QUEUED', printer_id = ?, queued_at = now(), updated_at = now()
				WHERE job_id = ANY(?) AND state = 'PENDING'
				RETURNING job_id""", UUID.class, printerId, jobIds.toArray(UUID[]::new)));
	}

	/**
	 * Claims a queued job for sending to its printer: only the printer of record may
	 * claim it, and only once per attempt.
	 * @param jobId the job
	 * @param printerId the printer about to print it
	 * @return the claimed job (its attempts are the fencing token of this attempt), empty
	 * when someone else has it, it is no longer queued here, or the printer holds another
	 * unconfirmed job
	 */
	public Optional<PrintJob> claim(UUID jobId, String printerId) {
		try {
			// Invariant 8: never a second unconfirmed job on one printer, whatever Redis
			// says or which replica asks (a former lease holder after a stall); the
			// unique index print_jobs_one_unconfirmed_per_printer_idx (V5) decides
			// between two claims that run at once.
			return this.jdbc.query("""
					UPDATE printing.print_jobs p SET state = 'PRINTING', attempts = attempts + 1,
						label_count_before = NULL, updated_at = now()
					WHERE p.job_id = ? AND p.printer_id = ? AND p.state = 'QUEUED'
						AND NOT EXISTS (SELECT 1 FROM printing.print_jobs u WHERE u.printer_id = p.printer_id
							AND u.state IN ('PRINTING', 'UNKNOWN_OUTCOME'))
					RETURNING\s""" + COLUMNS, this.mapper, jobId, printerId).stream().findFirst();
		}
		catch (DuplicateKeyException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Claims an unconfirmed job for sending again to the same printer (invariant 8).
	 * @param jobId the job
	 * @param printerId its printer
	 * @param attempts the attempts last seen (fencing token)
	 * @param possibleDuplicate whether the printer may have printed it: false only when
	 * its label counter showed the earlier attempt's format dropped (then counted as a
	 * dropped send)
	 * @return the claimed job, empty when it changed meanwhile
	 */
	public Optional<PrintJob> claimResend(UUID jobId, String printerId, int attempts, boolean possibleDuplicate) {
		return this.jdbc
			.query("UPDATE printing.print_jobs SET state = 'PRINTING', attempts = attempts + 1,"
					+ " label_count_before = NULL, possible_duplicate = possible_duplicate OR ?,"
					+ " dropped_sends = dropped_sends + CASE WHEN ? THEN 0 ELSE 1 END, updated_at = now()"
					+ " WHERE job_id = ? AND printer_id = ? AND state IN ('PRINTING', 'UNKNOWN_OUTCOME')"
					+ " AND attempts = ? RETURNING " + COLUMNS, this.mapper, possibleDuplicate, possibleDuplicate,
					jobId, printerId, attempts)
			.stream()
			.findFirst();
	}

	/**
	 * Records the printer's label counter read right before an attempt's send, so that
	 * any replica can settle the attempt later by reading the counter again.
	 * @param jobId the job
	 * @param printerId the printer
	 * @param attempts the attempt's fencing token
	 * @param labelCount the counter, null for a printer confirmed by ~HS
	 * @return whether the attempt is still the current one (false: send nothing)
	 */
	public boolean recordCountBefore(UUID jobId, String printerId, int attempts, Long labelCount) {
		return this.jdbc.update(
				"UPDATE printing.print_jobs SET label_count_before = ?, updated_at = now()"
						+ " WHERE job_id = ? AND printer_id = ? AND state = 'PRINTING' AND attempts = ?",
				labelCount, jobId, printerId, attempts) == 1;
	}

	/**
	 * Whether an attempt still counts: the job is assigned to that printer, at that
	 * attempt, and not settled (invariant 8's fence).
	 * @param jobId the job
	 * @param printerId the printer
	 * @param attempts the attempt's fencing token
	 * @return true while a confirmation of this attempt may still count
	 */
	public boolean isCurrentAttempt(UUID jobId, String printerId, int attempts) {
		return Boolean.TRUE.equals(this.jdbc.queryForObject(
				"SELECT EXISTS (SELECT 1 FROM printing.print_jobs WHERE job_id = ? AND printer_id = ?"
						+ " AND attempts = ? AND state IN ('PRINTING', 'UNKNOWN_OUTCOME'))",
				Boolean.class, jobId, printerId, attempts));
	}

	/**
	 * Records a confirmed print, fenced: only while the job is still assigned to that
	 * printer and attempt (invariant 8: a confirmation counts only for the printer and
	 * attempt the job is still assigned to). Written before the completion marker, so a
	 * lost marker write never makes a confirmed label print again.
	 * @param jobId the job
	 * @param printerId the printer that confirmed it
	 * @param attempts the attempt's fencing token
	 * @param confirmedBy the evidence
	 * @param labelCountAfter the counter read after the label came out, null without one
	 * @return whether the confirmation counted
	 */
	public boolean markPrinted(UUID jobId, String printerId, int attempts, ConfirmationMode confirmedBy,
			Long labelCountAfter) {
		return this.jdbc.update("""
				UPDATE printing.print_jobs SET state = 'PRINTED', confirmed_by = ?, label_count_after = ?,
					printed_at = now(), updated_at = now()
				WHERE job_id = ? AND printer_id = ? AND attempts = ? AND state IN ('PRINTING', 'UNKNOWN_OUTCOME')""",
				confirmedBy.name(), labelCountAfter, jobId, printerId, attempts) == 1;
	}

	/**
	 * Puts back on its printer's queue an attempt whose format the printer dropped (its
	 * label counter unmoved, the printer idle): sending it again cannot duplicate it.
	 * @param jobId the job
	 * @param printerId the printer
	 * @param attempts the attempt's fencing token
	 * @return whether the attempt was still the current one
	 */
	public boolean requeueDropped(UUID jobId, String printerId, int attempts) {
		return this.jdbc.update("UPDATE printing.print_jobs SET state = 'QUEUED', label_count_before = NULL,"
				+ " dropped_sends = dropped_sends + 1, updated_at = now()"
				+ " WHERE job_id = ? AND printer_id = ? AND state IN ('PRINTING', 'UNKNOWN_OUTCOME')"
				+ " AND attempts = ?", jobId, printerId, attempts) == 1;
	}

	/**
	 * How many sends of a job its current printer dropped, by the label counter's
	 * evidence.
	 * @param jobId the job
	 * @return the count, 0 for an unknown job
	 */
	public int droppedSends(UUID jobId) {
		return this.jdbc
			.queryForList("SELECT dropped_sends FROM printing.print_jobs WHERE job_id = ?", Integer.class, jobId)
			.stream()
			.findFirst()
			.orElse(0);
	}

	/**
	 * Withdraws a job about to be sent (again) whose attendee has a newer credential: a
	 * reprint revoked it, in the ledger or still in the reconciler's outbox; or whose
	 * admission was annulled (#36, the reconciler's {@code annulled_badge_jobs}). A job
	 * left PRINTING (its agent died mid-print) is withdrawn too, once its outcome
	 * resolved without its label: the caller asks only then, never while a confirmation
	 * of it runs.
	 * @param jobId the job
	 * @return whether this call withdrew it
	 */
	public boolean withdrawIfSuperseded(UUID jobId) {
		return this.jdbc.update("""
				UPDATE printing.print_jobs p SET state = 'WITHDRAWN', withdrawn_at = now(), updated_at = now()
				WHERE p.job_id = ? AND p.state IN ('PENDING', 'QUEUED', 'PRINTING', 'UNKNOWN_OUTCOME')
					AND (EXISTS (SELECT 1 FROM printing.print_jobs n
							WHERE n.attendee_id = p.attendee_id AND n.credential_version > p.credential_version)
						OR EXISTS (SELECT 1 FROM reconciler.untaken_badge_jobs(p.attendee_id) u
							WHERE u.credential_version > p.credential_version)
						OR EXISTS (SELECT 1 FROM reconciler.annulled_badge_jobs(ARRAY[p.job_id])))""", jobId) == 1;
	}

	/**
	 * Withdraws the newly relayed jobs, never sent, whose admission was annulled before
	 * they left the outbox (#36).
	 * @param jobIds newly relayed jobs
	 * @return the jobs withdrawn
	 */
	public List<UUID> withdrawAnnulled(List<UUID> jobIds) {
		if (jobIds.isEmpty()) {
			return List.of();
		}
		return this.jdbc.queryForList("""
				UPDATE printing.print_jobs p SET state = 'WITHDRAWN', withdrawn_at = now(), updated_at = now()
				WHERE p.job_id IN (SELECT reconciler.annulled_badge_jobs(?)) AND p.state IN ('PENDING', 'QUEUED')
				RETURNING p.job_id""", UUID.class, (Object) jobIds.toArray(UUID[]::new));
	}

	/**
	 * Of some jobs, those whose admission the reconciler records as annulled (#36).
	 * @param jobIds the jobs
	 * @return the annulled ones
	 */
	Set<UUID> annulled(Collection<UUID> jobIds) {
		if (jobIds.isEmpty()) {
			return Set.of();
		}
		return new HashSet<>(this.jdbc.queryForList("SELECT reconciler.annulled_badge_jobs(?)", UUID.class,
				(Object) jobIds.toArray(UUID[]::new)));
	}

	/**
	 * Withdraws the open, never sent jobs that newly relayed jobs supersede (a reprint's
	 * new credential revokes the old one, invariant 7's one job per credential).
	 * @param jobIds newly relayed jobs
	 * @return the jobs withdrawn
	 */
	public List<UUID> withdrawSupersededBy(List<UUID> jobIds) {
		if (jobIds.isEmpty()) {
			return List.of();
		}
		return this.jdbc.queryForList("""
				UPDATE printing.print_jobs o SET state = 'WITHDRAWN', withdrawn_at = now(), updated_at = now()
				FROM printing.print_jobs n
				WHERE n.job_id = ANY (?) AND o.attendee_id = n.attendee_id
					AND o.credential_version < n.credential_version AND o.state IN ('PENDING', 'QUEUED')
				RETURNING o.job_id""", UUID.class, (Object) jobIds.toArray(UUID[]::new));
	}

	/**
	 * PRINTED jobs per printer pool, read from the ledger (a per-process counter would
	 * start again at every restart).
	 * @return printed jobs by pool
	 */
	public Map<String, Long> printedByPool() {
		Map<String, Long> printed = new TreeMap<>();
		this.jdbc.query("SELECT printer_pool, count(*) FROM printing.print_jobs WHERE state = 'PRINTED' GROUP BY 1",
				(ResultSet rs) -> {
					printed.put(rs.getString(1), rs.getLong(2));
				});
		return printed;
	}

	/**
	 * Records that an attempt ended without knowing whether the label came out.
	 * @param jobId the job
	 * @param printerId the printer
	 * @param attempts the attempt's fencing token
	 * @return whether the attempt was still the current one
	 */
	public boolean markUnknown(UUID jobId, String printerId, int attempts) {
		return this.jdbc.update(
				"UPDATE printing.print_jobs SET state = 'UNKNOWN_OUTCOME', updated_at = now()"
						+ " WHERE job_id = ? AND printer_id = ? AND state = 'PRINTING' AND attempts = ?",
				jobId, printerId, attempts) == 1;
	}

	/**
	 * Gives back an attempt that sent nothing, so that attempts count only sends.
	 * @param jobId the job
	 * @param printerId the printer
	 * @param attempts the attempt's fencing token
	 * @param wasUnknown whether the job was unconfirmed before the attempt (it stays
	 * UNKNOWN_OUTCOME)
	 * @return whether the attempt was still the current one
	 */
	public boolean unclaim(UUID jobId, String printerId, int attempts, boolean wasUnknown) {
		return this.jdbc.update(
				"UPDATE printing.print_jobs SET state = ?, attempts = attempts - 1, updated_at = now()"
						+ " WHERE job_id = ? AND printer_id = ? AND state = 'PRINTING' AND attempts = ?",
				wasUnknown ? JobState.UNKNOWN_OUTCOME.name() : JobState.QUEUED.name(), jobId, printerId, attempts) == 1;
	}

	/**
	 * Moves a job of a dead printer to another printer's queue (invariant 9), only while
	 * that printer is still out of service (DOWN or DISABLED). A job the row shows sent
	 * and unconfirmed at the move is flagged {@code possibleDuplicate} whatever the
	 * caller read before: the agent may have claimed and sent it since.
	 * @param jobId the job
	 * @param fromPrinterId the dead printer (the job must still be its)
	 * @param toPrinterId the backup
	 * @param possibleDuplicate whether the dead printer may have printed it
	 * @return whether this call moved it: false too when the printer is in service again
	 */
	public boolean moveTo(UUID jobId, String fromPrinterId, String toPrinterId, boolean possibleDuplicate) {
		return this.jdbc.update("""
				UPDATE printing.print_jobs SET state = 'QUEUED', printer_id = ?, queued_at = now(),
					possible_duplicate = possible_duplicate OR ? OR state IN ('PRINTING', 'UNKNOWN_OUTCOME'),
					dropped_sends = 0, updated_at = now()
				WHERE job_id = ? AND printer_id = ? AND state NOT IN ('PRINTED', 'WITHDRAWN')
					AND\s""" + FROM_PRINTER_OUT, toPrinterId, possibleDuplicate, jobId, fromPrinterId,
				fromPrinterId) == 1;
	}

	/**
	 * Puts a job of a dead printer back to PENDING for the relay to place when its pool
	 * has an UP printer again, flagged {@code possibleDuplicate} when the row shows it
	 * sent and unconfirmed at the move.
	 * @param jobId the job
	 * @param fromPrinterId the dead printer (the job must still be its)
	 * @param possibleDuplicate whether the dead printer may have printed it
	 * @return whether this call moved it: false too when the printer is in service again
	 */
	public boolean backToPending(UUID jobId, String fromPrinterId, boolean possibleDuplicate) {
		return this.jdbc.update("""
				UPDATE printing.print_jobs SET state = 'PENDING', printer_id = NULL, queued_at = NULL,
					possible_duplicate = possible_duplicate OR ? OR state IN ('PRINTING', 'UNKNOWN_OUTCOME'),
					dropped_sends = 0, updated_at = now()
				WHERE job_id = ? AND printer_id = ? AND state NOT IN ('PRINTED', 'WITHDRAWN')
					AND\s""" + FROM_PRINTER_OUT, possibleDuplicate, jobId, fromPrinterId, fromPrinterId) == 1;
	}

	/**
	 * The job a printer holds unconfirmed according to the ledger (at most one, invariant
	 * 8).
	 * @param printerId the printer
	 * @return the job, if any
	 */
	public Optional<PrintJob> unconfirmedOn(String printerId) {
		return this.jdbc
			.query("SELECT " + COLUMNS + " FROM printing.print_jobs WHERE printer_id = ?"
					+ " AND state IN ('PRINTING', 'UNKNOWN_OUTCOME') ORDER BY updated_at LIMIT 1", this.mapper,
					printerId)
			.stream()
			.findFirst();
	}

	/**
	 * The jobs a printer holds according to the ledger: queued, or sent and not
	 * confirmed.
	 * @param printerId the printer
	 * @return their ids, unconfirmed first, then in queue order
	 */
	public List<UUID> openOn(String printerId) {
		return this.jdbc.queryForList("SELECT job_id FROM printing.print_jobs WHERE printer_id = ?"
				+ " AND state IN ('QUEUED', 'PRINTING', 'UNKNOWN_OUTCOME')"
				+ " ORDER BY state = 'QUEUED', queued_at, created_at", UUID.class, printerId);
	}

	/**
	 * The jobs queued on a printer according to the ledger, in queue order.
	 * @param printerId the printer
	 * @return their ids
	 */
	public List<UUID> queuedOn(String printerId) {
		return this.jdbc.queryForList("SELECT job_id FROM printing.print_jobs WHERE printer_id = ?"
				+ " AND state = 'QUEUED' ORDER BY queued_at, created_at", UUID.class, printerId);
	}

	/**
	 * Jobs assigned to a printer and not confirmed whose state is older than a grace
	 * period, for rebuilding Redis.
	 * @param grace minimum age of the state
	 * @return the jobs, oldest first
	 */
	public List<PrintJob> openOlderThan(Duration grace) {
		return this.jdbc.query(
				"SELECT " + COLUMNS + " FROM printing.print_jobs"
						+ " WHERE state IN ('QUEUED', 'PRINTING', 'UNKNOWN_OUTCOME')"
						+ " AND updated_at < now() - make_interval(secs => ?) ORDER BY queued_at, created_at",
				this.mapper, grace.toMillis() / 1000.0);
	}

	/**
	 * Jobs for ops, newest first, flagged or not; see
	 * {@link #search(String, JobState, Boolean, int)}.
	 * @param attendeeId only this attendee's, when not null
	 * @param state only in this state, when not null
	 * @param limit most rows
	 * @return the jobs
	 */
	List<PrintJob> search(String attendeeId, JobState state, int limit) {
		return search(attendeeId, state, null, limit);
	}

	/**
	 * Jobs for ops, newest first; an attendee's jobs not taken from the outbox yet come
	 * first, as PENDING.
	 * @param attendeeId only this attendee's, when not null
	 * @param state only in this state, when not null
	 * @param possibleDuplicate only jobs flagged so (or not), when not null
	 * @param limit most rows
	 * @return the jobs
	 */
	List<PrintJob> search(String attendeeId, JobState state, Boolean possibleDuplicate, int limit) {
		List<PrintJob> jobs = new ArrayList<>();
		// a job still in the outbox was never sent: never a possible duplicate
		if (attendeeId != null && (state == null || state == JobState.PENDING)
				&& !Boolean.TRUE.equals(possibleDuplicate)) {
			// not taken from the outbox yet: PENDING to ops, newest first like the rest
			jobs.addAll(this.jdbc.query("""
					SELECT job_id, attendee_id, event_id, credential_version, printer_pool, display_name, company,
						tier, NULL::text AS printer_id, 'PENDING' AS state, 0 AS attempts,
						false AS possible_duplicate, created_at, NULL::timestamptz AS printed_at,
						NULL::text AS confirmed_by, NULL::bigint AS label_count_before
					FROM reconciler.untaken_badge_jobs(?) ORDER BY created_at DESC LIMIT ?""", this.mapper, attendeeId,
					limit));
		}
		List<PrintJob> ledger = this.jdbc.query(
				"SELECT " + COLUMNS + " FROM printing.print_jobs"
						+ " WHERE (?::text IS NULL OR attendee_id = ?) AND (?::text IS NULL OR state = ?)"
						+ " AND (?::boolean IS NULL OR possible_duplicate = ?) ORDER BY created_at DESC LIMIT ?",
				this.mapper, attendeeId, attendeeId, (state != null) ? state.name() : null,
				(state != null) ? state.name() : null, possibleDuplicate, possibleDuplicate, limit - jobs.size());
		// a job taken between the two reads is listed once, as the ledger has it
		Set<UUID> inLedger = new HashSet<>();
		ledger.forEach((job) -> inLedger.add(job.jobId()));
		jobs.removeIf((job) -> inLedger.contains(job.jobId()));
		jobs.addAll(ledger);
		return jobs;
	}

	/**
	 * Jobs per state, every state present; jobs not taken from the outbox yet count as
	 * PENDING.
	 * @return counts in state order
	 */
	Map<JobState, Long> summary() {
		Map<JobState, Long> counts = new LinkedHashMap<>();
		for (JobState state : JobState.values()) {
			counts.put(state, 0L);
		}
		this.jdbc.query("SELECT state, count(*) FROM printing.print_jobs GROUP BY state", (ResultSet rs) -> {
			counts.put(JobState.valueOf(rs.getString(1)), rs.getLong(2));
		});
		// jobs not taken from the outbox yet wait for a printer too
		outboxBacklog().values().forEach((jobs) -> counts.merge(JobState.PENDING, jobs, Long::sum));
		return counts;
	}

	private static PrintJob map(ResultSet rs, int row) throws SQLException {
		return new PrintJob(rs.getObject("job_id", UUID.class), rs.getString("attendee_id"), rs.getString("event_id"),
				rs.getInt("credential_version"), rs.getString("printer_pool"), rs.getString("display_name"),
				rs.getString("company"), rs.getString("tier"), rs.getString("printer_id"),
				JobState.valueOf(rs.getString("state")), rs.getInt("attempts"), rs.getBoolean("possible_duplicate"),
				instant(rs.getTimestamp("created_at")), instant(rs.getTimestamp("printed_at")),
				(rs.getString("confirmed_by") != null) ? ConfirmationMode.valueOf(rs.getString("confirmed_by")) : null,
				rs.getObject("label_count_before", Long.class));
	}

	private static Instant instant(Timestamp timestamp) {
		return (timestamp != null) ? timestamp.toInstant() : null;
	}

}
