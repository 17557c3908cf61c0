package io.eventops.reconciler.checkin;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.ordering.OrderingKey;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.access.PolicyTimeline;
import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.reconciler.stream.ChangeLog;
import io.eventops.reconciler.stream.CommitWakes;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The SQL of the batch path, and nothing else: {@link BatchDecision} decides,
 * {@link BatchReconciler} orders the steps. Inside the caller's transaction a batch runs
 * at most five statements whatever its size: attendee lookup, guard insert, guard
 * conflicts, one statement for the conditional upsert, the stale marking and the outbox
 * insert (whose trigger enqueues the jobs for the print orchestrator's relay), quarantine
 * insert; then the change log. The relay and the edges are woken once the transaction
 * committed ({@link CommitWakes}, #39). Every parameter of a batch is one PostgreSQL
 * array ({@code unnest}), so the round trips stay fixed. Rows are written in key order,
 * so that concurrent batches lock in the same order and do not deadlock.
 */
@Component
class CheckInWriter {

	// With the attendees, the batch's event's policy versions (#35): one statement either
	// way, so that an event without a policy costs no statement more than before.
	private static final String SELECT_ATTENDEES = """
			SELECT a.attendee_id, a.event_id, a.ticket_type, p.versions, p.saved
			FROM (SELECT array_agg(version ORDER BY version) AS versions, array_agg(saved_at ORDER BY version) AS saved
			  FROM reconciler.event_policies WHERE event_id = :eventId) p
			LEFT JOIN reconciler.attendees a ON a.attendee_id = ANY(CAST(:attendees AS text[]))""";

	// Invariant 1: the durable guard, in the same transaction as the state change.
	private static final String INSERT_GUARD = """
			INSERT INTO reconciler.processed_entries
			  (idempotency_key, source_id, seq, attendee_id, fingerprint, outcome, reason)
			SELECT * FROM unnest(CAST(:keys AS text[]), CAST(:sources AS text[]), CAST(:seqs AS int8[]),
			    CAST(:attendees AS text[]), CAST(:fingerprints AS text[]), CAST(:outcomes AS text[]),
			    CAST(:reasons AS text[])) AS t(k, s, q, a, f, o, r)
			ORDER BY k
			ON CONFLICT (idempotency_key) DO NOTHING
			RETURNING idempotency_key""";

	private static final String SELECT_GUARD = """
			SELECT idempotency_key, fingerprint FROM reconciler.processed_entries WHERE idempotency_key = ANY(CAST(:keys AS text[]))""";

	// Invariant 4: one conditional upsert, no read-modify-write; the incoming record
	// wins only with a strictly greater (origin_rank, seq, source_id). Invariant 7: one
	// job per attendee credential, in the transaction of the first check-in; the table's
	// trigger enqueues the jobs for the relay (V5), which is woken after the commit
	// (V31).
	// One statement for the upsert, the stale marking and the jobs: from the upsert to
	// the commit a batch holds its attendees' rows, which other kiosks' batches wait
	// for, so the work after it is kept to this statement, the change log and the
	// commit. Data-modifying CTEs run once and to completion whether or not the query
	// reads them. The stale keys are one array, so that the guard is read by its key
	// index (an OR of two key sets scanned the whole table). A job is live (V11, issue
	// #24) when its check-in was captured within 30 s of now, either way: the attendee is
	// at the kiosk, and the print orchestrator takes it ahead of a backlog's jobs. The
	// first check-in is the row the insert wrote, revision 1 (V14): every winning update
	// counts the revision up.
	private static final String APPLY_WINNERS = """
			WITH t AS (
			  SELECT * FROM unnest(CAST(:attendees AS text[]), CAST(:seqs AS int8[]), CAST(:sources AS text[]),
			    CAST(:keys AS text[]), CAST(:captured AS text[]), CAST(:names AS text[]),
			    CAST(:companies AS text[]), CAST(:printedLocally AS bool[])) AS t(a, q, s, k, c, dn, co, printed_locally)
			), up AS (
			  INSERT INTO reconciler.check_ins AS c (attendee_id, event_id, origin_rank, seq, source_id,
			    idempotency_key, captured_at, kiosk_display_name, kiosk_company)
			  SELECT t.a, :eventId, 0, t.q, t.s, t.k, t.c::timestamptz, t.dn, t.co FROM t
			  ORDER BY t.a
			  ON CONFLICT (attendee_id) DO UPDATE SET origin_rank = EXCLUDED.origin_rank, seq = EXCLUDED.seq,
			    source_id = EXCLUDED.source_id, idempotency_key = EXCLUDED.idempotency_key,
			    captured_at = EXCLUDED.captured_at, kiosk_display_name = EXCLUDED.kiosk_display_name,
			    kiosk_company = EXCLUDED.kiosk_company, revision = c.revision + 1, updated_at = now()
			  WHERE (EXCLUDED.origin_rank, EXCLUDED.seq, EXCLUDED.source_id) > (c.origin_rank, c.seq, c.source_id)
			  RETURNING c.attendee_id, (c.revision = 1) AS inserted
			), stale AS (
			  UPDATE reconciler.processed_entries SET outcome = 'STALE'
			  WHERE idempotency_key = ANY(array_cat(CAST(:losers AS text[]),
			    ARRAY(SELECT t.k FROM t WHERE t.a NOT IN (SELECT attendee_id FROM up))))
			), jobs AS (
			  INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
			    reason, live, admission_key)
			  SELECT gen_random_uuid(), a.attendee_id, a.event_id, a.credential_version, :printerPool, 'CHECK_IN',
			    t.c::timestamptz BETWEEN now() - interval '30 seconds' AND now() + interval '30 seconds', t.k
			  FROM up
			  JOIN t ON t.a = up.attendee_id
			  JOIN reconciler.attendees a ON a.attendee_id = up.attendee_id
			  WHERE :jobsOnFirstCheckIn AND up.inserted AND NOT t.printed_locally
			  ORDER BY a.attendee_id
			  ON CONFLICT (attendee_id, credential_version) DO NOTHING
			  RETURNING attendee_id, job_id
			)
			SELECT up.attendee_id, up.inserted, jobs.job_id::text FROM up
			LEFT JOIN jobs ON jobs.attendee_id = up.attendee_id""";

	// An event with a policy (#35): one movement per applied entry, in the transaction of
	// its guard row (invariant 1). The badge job is the attendee's first admission to an
	// area that prints badges (the badge desk), once per credential (invariant 7): the
	// check of earlier admissions there reads the movements committed before this
	// statement, and two batches that both find none still make one job by the outbox's
	// unique key.
	private static final String INSERT_MOVEMENTS = """
			WITH t AS (
			  SELECT * FROM unnest(CAST(:keys AS text[]), CAST(:attendees AS text[]), CAST(:seqs AS int8[]),
			    CAST(:types AS text[]), CAST(:areas AS text[]), CAST(:captured AS text[]), CAST(:annuls AS text[]),
			    CAST(:versions AS int4[]), CAST(:decisions AS text[]), CAST(:reasons AS text[]),
			    CAST(:badge AS bool[]), CAST(:printedLocally AS bool[]), CAST(:judged AS int4[]))
			    AS t(k, a, q, ty, ar, c, an, v, d, r, badge, printed_locally, jv)
			), ins AS (
			  INSERT INTO reconciler.movements (idempotency_key, event_id, attendee_id, kiosk_id, seq, type, area_id,
			    captured_at, annuls, policy_version, kiosk_decision, kiosk_reason, judged_version)
			  SELECT t.k, :eventId, t.a, :kioskId, t.q, t.ty, t.ar, t.c::timestamptz, t.an, t.v, t.d, t.r, t.jv FROM t
			  ORDER BY t.k
			  ON CONFLICT (idempotency_key) DO NOTHING
			), firsts AS (
			  SELECT DISTINCT ON (t.a) t.a, t.k, t.c, t.printed_locally FROM t
			  WHERE t.badge AND t.ty = 'CHECK_IN' AND NOT EXISTS (SELECT 1 FROM reconciler.movements m
			    WHERE m.attendee_id = t.a AND m.type = 'CHECK_IN' AND m.area_id = t.ar)
			  ORDER BY t.a, t.c::timestamptz, t.k
			), jobs AS (
			  INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
			    reason, live, admission_key)
			  SELECT gen_random_uuid(), a.attendee_id, a.event_id, a.credential_version, :printerPool, 'CHECK_IN',
			    f.c::timestamptz BETWEEN now() - interval '30 seconds' AND now() + interval '30 seconds', f.k
			  FROM firsts f JOIN reconciler.attendees a ON a.attendee_id = f.a
			  WHERE NOT f.printed_locally
			  ORDER BY a.attendee_id
			  ON CONFLICT (attendee_id, credential_version) DO NOTHING
			  RETURNING attendee_id, job_id
			)
			SELECT f.k, jobs.job_id::text FROM jobs JOIN firsts f ON f.a = jobs.attendee_id""";

	// What each key an annulment names is (#36): the movement of that key, if the server
	// has one. Read only for a batch with annulments.
	private static final String SELECT_ANNULLED = """
			SELECT idempotency_key, attendee_id, type FROM reconciler.movements
			WHERE idempotency_key = ANY(CAST(:keys AS text[]))""";

	// An annulled admission counts nowhere (invariant 13): an attendee none of whose
	// admissions stands any more is no longer checked in, so the head-count (one
	// check_ins row per checked-in attendee) drops by one, once, however many annulments
	// name the admission. Run after the attendees' movement locks (AdmissionJudge): the
	// statement's snapshot then holds every movement of a batch that committed before,
	// and one that has not taken the locks yet counts its attendees in again when it
	// commits. Rows are locked in attendee order, as the upsert writes them.
	private static final String UNCOUNT_ANNULLED = """
			WITH doomed AS (
			  SELECT c.attendee_id FROM reconciler.check_ins c
			  WHERE c.attendee_id = ANY(CAST(:attendees AS text[]))
			    AND NOT EXISTS (SELECT 1 FROM reconciler.movements m
			      WHERE m.attendee_id = c.attendee_id AND m.type = 'CHECK_IN'
			        AND NOT EXISTS (SELECT 1 FROM reconciler.movements n
			          WHERE n.attendee_id = m.attendee_id AND n.type = 'ANNUL' AND n.annuls = m.idempotency_key))
			  ORDER BY c.attendee_id
			  FOR UPDATE
			)
			DELETE FROM reconciler.check_ins c USING doomed d WHERE c.attendee_id = d.attendee_id
			RETURNING c.attendee_id""";

	// The badge job an annulled admission created is annulled with it (#36), unless
	// another admission of the attendee at that area stands: the print orchestrator
	// withdraws it before a send, or flags it annulledAfterPrint. Under the movement
	// locks, as UNCOUNT_ANNULLED. Every live job of the attendees the annulled admissions
	// belong to is looked at, not only the one keyed on an annulled admission: a job's
	// own admission may have been annulled while a later one at its area still stood,
	// and then the later one's annulment is the one that leaves none standing.
	private static final String ANNUL_BADGE_JOBS = """
			UPDATE reconciler.badge_jobs j SET annulled_at = now()
			FROM reconciler.movements adm
			WHERE j.attendee_id IN (SELECT a.attendee_id FROM reconciler.movements a
			    WHERE a.idempotency_key = ANY(CAST(:keys AS text[])))
			  AND j.annulled_at IS NULL AND adm.idempotency_key = j.admission_key AND adm.attendee_id = j.attendee_id
			  AND NOT EXISTS (SELECT 1 FROM reconciler.movements m
			    WHERE m.attendee_id = adm.attendee_id AND m.type = 'CHECK_IN' AND m.area_id = adm.area_id
			      AND NOT EXISTS (SELECT 1 FROM reconciler.movements n
			        WHERE n.attendee_id = m.attendee_id AND n.type = 'ANNUL' AND n.annuls = m.idempotency_key))
			RETURNING j.job_id""";

	private static final String INSERT_REJECTIONS = """
			INSERT INTO reconciler.rejections
			  (kiosk_id, event_id, printer_pool, idempotency_key, seq, fingerprint, reason, field, entry)
			SELECT :kioskId, :eventId, :printerPool, t.k, t.q, t.f, t.r, t.fld, t.e::jsonb
			FROM unnest(CAST(:keys AS text[]), CAST(:seqs AS int8[]), CAST(:fingerprints AS text[]),
			  CAST(:reasons AS text[]), CAST(:fields AS text[]), CAST(:entries AS text[])) AS t(k, q, f, r, fld, e)
			ON CONFLICT (idempotency_key, fingerprint) DO NOTHING""";

	private static final String UPDATE_GUARD = """
			UPDATE reconciler.processed_entries SET outcome = :outcome, reason = :reason, attendee_id = :attendeeId
			WHERE idempotency_key = :key""";

	private final JdbcClient jdbc;

	private final ChangeLog changeLog;

	private final CommitWakes wakes;

	CheckInWriter(JdbcClient jdbc, ChangeLog changeLog, CommitWakes wakes) {
		this.jdbc = jdbc;
		this.changeLog = changeLog;
		this.wakes = wakes;
	}

	/**
	 * Reads the event and ticket type of each attendee that is registered, and the policy
	 * versions of the batch's event.
	 * @param eventId the batch's event
	 * @param attendees the attendee ids
	 * @return what was found
	 */
	Lookup lookup(String eventId, Set<String> attendees) {
		Map<String, String> eventOf = new HashMap<>();
		Map<String, String> ticketTypes = new HashMap<>();
		List<PolicyTimeline.Start> starts = new ArrayList<>();
		if (!attendees.isEmpty()) {
			this.jdbc.sql(SELECT_ATTENDEES)
				.param("eventId", eventId)
				.param("attendees", attendees.toArray(new String[0]))
				.query((rs) -> {
					if (rs.getString(1) != null) {
						eventOf.put(rs.getString(1), rs.getString(2));
						ticketTypes.put(rs.getString(1), rs.getString(3));
					}
					if (starts.isEmpty() && rs.getArray(4) != null) {
						Integer[] versions = (Integer[]) rs.getArray(4).getArray();
						Timestamp[] saved = (Timestamp[]) rs.getArray(5).getArray();
						for (int i = 0; i < versions.length; i++) {
							starts.add(new PolicyTimeline.Start(versions[i], saved[i].toInstant()));
						}
					}
				});
		}
		return new Lookup(eventOf, ticketTypes, new PolicyTimeline(starts));
	}

	/**
	 * Inserts the guard rows of the entries to decide with their provisional verdict; a
	 * key that is there already keeps its row.
	 * @param kioskId the kiosk of the batch
	 * @param decision the batch part
	 * @return the keys whose row was inserted
	 */
	Set<String> insertGuard(String kioskId, BatchDecision decision) {
		List<BatchItem> items = decision.toDecide();
		if (items.isEmpty()) {
			return Set.of();
		}
		int n = items.size();
		String[] keys = new String[n];
		String[] sources = new String[n];
		Long[] seqs = new Long[n];
		String[] attendees = new String[n];
		String[] fingerprints = new String[n];
		String[] outcomes = new String[n];
		String[] reasons = new String[n];
		for (int i = 0; i < n; i++) {
			BatchItem item = items.get(i);
			EntryDecision verdict = decision.verdict(item);
			keys[i] = item.key();
			sources[i] = kioskId;
			seqs[i] = item.entry().seq();
			attendees[i] = item.attendeeId();
			fingerprints[i] = item.fingerprint();
			outcomes[i] = verdict.outcome().name();
			reasons[i] = (verdict.reason() != null) ? verdict.reason().name() : null;
		}
		return new HashSet<>(this.jdbc.sql(INSERT_GUARD)
			.param("keys", keys)
			.param("sources", sources)
			.param("seqs", seqs)
			.param("attendees", attendees)
			.param("fingerprints", fingerprints)
			.param("outcomes", outcomes)
			.param("reasons", reasons)
			.query((rs, row) -> rs.getString(1))
			.list());
	}

	/**
	 * Reads the fingerprint the guard holds for each key.
	 * @param keys the keys
	 * @return the fingerprint by key
	 */
	Map<String, String> guardFingerprints(List<String> keys) {
		Map<String, String> stored = new HashMap<>();
		if (!keys.isEmpty()) {
			this.jdbc.sql(SELECT_GUARD).param("keys", keys.toArray(new String[0])).query((rs) -> {
				stored.put(rs.getString(1), rs.getString(2));
			});
		}
		return stored;
	}

	/**
	 * Runs the conditional upsert of the winners, the stale marking of the losers and the
	 * badge jobs, in one statement.
	 * @param request the batch's kiosk context
	 * @param winners the entry that won the batch, per attendee
	 * @param printedLocally the attendees whose badge the kiosk printed itself
	 * @param losers the keys of entries another of the batch outranks
	 * @return the rows written, by attendee
	 */
	Map<String, Applied> applyWinners(ReconcileRequest request, Collection<BatchItem> winners,
			Set<String> printedLocally, List<String> losers) {
		return applyWinners(request, winners, printedLocally, losers, true);
	}

	/**
	 * Runs the conditional upsert of the winners, as
	 * {@link #applyWinners(ReconcileRequest, Collection, Set, List)}; the badge jobs only
	 * when the first check-in creates them (an event without a policy).
	 * @param request the batch's kiosk context
	 * @param winners the entry that won the batch, per attendee
	 * @param printedLocally the attendees whose badge the kiosk printed itself
	 * @param losers the keys of entries another of the batch outranks
	 * @param jobsOnFirstCheckIn whether the first check-in creates the badge job
	 * @return the rows written, by attendee
	 */
	Map<String, Applied> applyWinners(ReconcileRequest request, Collection<BatchItem> winners,
			Set<String> printedLocally, List<String> losers, boolean jobsOnFirstCheckIn) {
		if (winners.isEmpty()) {
			return Map.of();
		}
		List<BatchItem> sorted = winners.stream().sorted(Comparator.comparing(BatchItem::attendeeId)).toList();
		int n = sorted.size();
		String[] attendees = new String[n];
		Long[] seqs = new Long[n];
		String[] sources = new String[n];
		String[] keys = new String[n];
		String[] captured = new String[n];
		String[] names = new String[n];
		String[] companies = new String[n];
		Boolean[] local = new Boolean[n];
		for (int i = 0; i < n; i++) {
			BatchItem item = sorted.get(i);
			FlushEntry entry = item.entry().entry();
			OrderingKey key = item.orderingKey(request.kioskId());
			attendees[i] = entry.attendeeId();
			seqs[i] = key.seq();
			sources[i] = key.sourceId();
			keys[i] = item.key();
			captured[i] = entry.capturedAt().toInstant().toString();
			names[i] = (entry.badge() != null) ? entry.badge().displayName() : null;
			companies[i] = (entry.badge() != null) ? entry.badge().company() : null;
			local[i] = printedLocally.contains(entry.attendeeId());
		}
		Map<String, Applied> applied = new HashMap<>();
		this.jdbc.sql(APPLY_WINNERS)
			.param("attendees", attendees)
			.param("seqs", seqs)
			.param("sources", sources)
			.param("keys", keys)
			.param("captured", captured)
			.param("names", names)
			.param("companies", companies)
			.param("printedLocally", local)
			.param("eventId", request.eventId())
			.param("losers", losers.toArray(new String[0]))
			.param("printerPool", request.printerPool())
			.param("jobsOnFirstCheckIn", jobsOnFirstCheckIn)
			.query((rs) -> {
				applied.put(rs.getString(1), new Applied(rs.getBoolean(2), rs.getString(3)));
			});
		if (applied.values().stream().anyMatch((winner) -> winner.badgeJobId() != null)) {
			this.wakes.afterCommit(CommitWakes.BADGE_JOBS, request.printerPool());
		}
		return applied;
	}

	/**
	 * Records the movements of an event with a policy and creates the badge job of each
	 * attendee's first admission at the badge desk.
	 * @param request the batch's kiosk context
	 * @param items the applied entries, each one movement
	 * @param placement where each entry counts and the version it is judged under
	 * @return the badge job each movement created, by key
	 */
	Map<String, String> insertMovements(ReconcileRequest request, List<BatchItem> items,
			Function<BatchItem, Placement> placement) {
		Map<String, String> jobs = new HashMap<>();
		if (items.isEmpty()) {
			return jobs;
		}
		List<BatchItem> sorted = items.stream().sorted(Comparator.comparing(BatchItem::key)).toList();
		int n = sorted.size();
		String[] keys = new String[n];
		String[] attendees = new String[n];
		Long[] seqs = new Long[n];
		String[] types = new String[n];
		String[] areas = new String[n];
		String[] captured = new String[n];
		String[] annuls = new String[n];
		Integer[] versions = new Integer[n];
		String[] decisions = new String[n];
		String[] reasons = new String[n];
		Boolean[] badge = new Boolean[n];
		Boolean[] local = new Boolean[n];
		Integer[] judged = new Integer[n];
		for (int i = 0; i < n; i++) {
			BatchItem item = sorted.get(i);
			FlushEntry entry = item.entry().entry();
			Placement placed = placement.apply(item);
			keys[i] = item.key();
			attendees[i] = entry.attendeeId();
			seqs[i] = entry.seq();
			types[i] = (entry.type() != null) ? entry.type().name() : EntryType.CHECK_IN.name();
			areas[i] = placed.areaId();
			captured[i] = entry.capturedAt().toInstant().toString();
			annuls[i] = entry.annuls();
			versions[i] = (entry.policyVersion() != null) ? (int) Math.min(entry.policyVersion(), Integer.MAX_VALUE)
					: null;
			decisions[i] = (entry.kioskDecision() != null) ? entry.kioskDecision().decision().name() : null;
			reasons[i] = (entry.kioskDecision() != null) ? entry.kioskDecision().reason() : null;
			badge[i] = item.isAdmission() && placed.printsBadge();
			local[i] = entry.badgePrintedLocally();
			judged[i] = (int) placed.judgedVersion();
		}
		this.jdbc.sql(INSERT_MOVEMENTS)
			.param("keys", keys)
			.param("attendees", attendees)
			.param("seqs", seqs)
			.param("types", types)
			.param("areas", areas)
			.param("captured", captured)
			.param("annuls", annuls)
			.param("versions", versions)
			.param("decisions", decisions)
			.param("reasons", reasons)
			.param("badge", badge)
			.param("printedLocally", local)
			.param("judged", judged)
			.param("eventId", request.eventId())
			.param("kioskId", request.kioskId())
			.param("printerPool", request.printerPool())
			.query((rs) -> {
				jobs.put(rs.getString(1), rs.getString(2));
			});
		if (!jobs.isEmpty()) {
			this.wakes.afterCommit(CommitWakes.BADGE_JOBS, request.printerPool());
		}
		return jobs;
	}

	/**
	 * Reads the movements the annulments name (#36).
	 * @param keys the annulled keys
	 * @return what the server has of each key, by key (absent when none)
	 */
	Map<String, Annulled> annulled(Collection<String> keys) {
		Map<String, Annulled> found = new HashMap<>();
		if (!keys.isEmpty()) {
			this.jdbc.sql(SELECT_ANNULLED).param("keys", keys.toArray(new String[0])).query((rs) -> {
				found.put(rs.getString(1), new Annulled(rs.getString(2), EntryType.valueOf(rs.getString(3))));
			});
		}
		return found;
	}

	/**
	 * Deletes the check-in of each attendee none of whose admissions stands after an
	 * annulment (#36, invariant 13); must run under the attendees' movement locks.
	 * @param attendees the attendees an applied annulment touched
	 * @return the attendees no longer checked in
	 */
	Set<String> uncountAnnulled(Collection<String> attendees) {
		if (attendees.isEmpty()) {
			return Set.of();
		}
		return new HashSet<>(this.jdbc.sql(UNCOUNT_ANNULLED)
			.param("attendees", attendees.stream().sorted().toArray(String[]::new))
			.query((rs, row) -> rs.getString(1))
			.list());
	}

	/**
	 * Annuls the badge jobs the annulled admissions created, where no other admission of
	 * the attendee at that area stands (#36); must run under the attendees' movement
	 * locks.
	 * @param annulledKeys the keys of the admissions applied annulments undid
	 * @return the jobs annulled
	 */
	List<String> annulBadgeJobs(Collection<String> annulledKeys) {
		if (annulledKeys.isEmpty()) {
			return List.of();
		}
		return this.jdbc.sql(ANNUL_BADGE_JOBS)
			.param("keys", annulledKeys.stream().sorted().toArray(String[]::new))
			.query((rs, row) -> rs.getString(1))
			.list();
	}

	/**
	 * Quarantines the rejected entries, each once per payload.
	 * @param request the batch's kiosk context
	 * @param decision the batch part
	 */
	void quarantine(ReconcileRequest request, BatchDecision decision) {
		List<BatchItem> items = decision.toQuarantine();
		if (items.isEmpty()) {
			return;
		}
		int n = items.size();
		String[] keys = new String[n];
		Long[] seqs = new Long[n];
		String[] fingerprints = new String[n];
		String[] reasons = new String[n];
		String[] fields = new String[n];
		String[] raw = new String[n];
		for (int i = 0; i < n; i++) {
			BatchItem item = items.get(i);
			EntryDecision decided = decision.decision(item);
			keys[i] = item.key();
			seqs[i] = item.entry().seq();
			fingerprints[i] = item.fingerprint();
			reasons[i] = decided.reason().name();
			fields[i] = decided.field();
			raw[i] = (item.entry().rawEntry() != null) ? item.entry().rawEntry() : "{}";
		}
		this.jdbc.sql(INSERT_REJECTIONS)
			.param("kioskId", request.kioskId())
			.param("eventId", request.eventId())
			.param("printerPool", request.printerPool())
			.param("keys", keys)
			.param("seqs", seqs)
			.param("fingerprints", fingerprints)
			.param("reasons", reasons)
			.param("fields", fields)
			.param("entries", raw)
			.update();
	}

	/**
	 * Overwrites the guard row of a redriven entry with its new outcome.
	 * @param item the entry
	 * @param decided its new outcome
	 */
	void updateGuard(BatchItem item, EntryDecision decided) {
		this.jdbc.sql(UPDATE_GUARD)
			.param("outcome", decided.outcome().name())
			.param("reason", (decided.reason() != null) ? decided.reason().name() : null)
			.param("attendeeId", item.attendeeId())
			.param("key", item.key())
			.update();
	}

	/**
	 * Appends the applied changes to the event's stream. The stream lock is taken here,
	 * last, so that it is held only until the commit (invariant 10).
	 * @param eventId the event
	 * @param changes the change per attendee
	 */
	void appendChanges(String eventId, Map<String, ChangeKind> changes) {
		this.changeLog.append(eventId, changes);
	}

	/**
	 * Where a movement counts and what it is judged by, fixed when it is first recorded.
	 *
	 * @param areaId the entry's area, or for one without (a kiosk provisioned without an
	 * area: the badge desk) the badge area of the version it is judged under
	 * @param judgedVersion the policy version it is judged under, for good (invariant 12)
	 * @param printsBadge whether that area prints the badge under that version
	 */
	record Placement(String areaId, long judgedVersion, boolean printsBadge) {
	}

	/**
	 * The movement an annulment names.
	 *
	 * @param attendeeId whose movement it is
	 * @param type its kind
	 */
	record Annulled(String attendeeId, EntryType type) {
	}

	/**
	 * What the attendee lookup found.
	 *
	 * @param eventOf the event of each known attendee
	 * @param ticketTypes the ticket type of each known attendee ({@code null}: the
	 * policy's first)
	 * @param timeline the policy versions of the batch's event (none without a policy)
	 */
	record Lookup(Map<String, String> eventOf, Map<String, String> ticketTypes, PolicyTimeline timeline) {
	}

	/**
	 * One row the upsert wrote.
	 *
	 * @param inserted whether it was the attendee's first check-in
	 * @param badgeJobId the badge job it created, or {@code null}
	 */
	record Applied(boolean inserted, String badgeJobId) {
	}

}
