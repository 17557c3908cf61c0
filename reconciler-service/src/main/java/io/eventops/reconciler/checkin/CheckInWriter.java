package io.eventops.reconciler.checkin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.ordering.OrderingKey;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.reconciler.stream.ChangeLog;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

import static io.eventops.reconciler.checkin.SqlArrays.bool;
import static io.eventops.reconciler.checkin.SqlArrays.int8;
import static io.eventops.reconciler.checkin.SqlArrays.text;
import static io.eventops.reconciler.checkin.SqlArrays.value;

/**
 * Judges and applies one batch inside the caller's transaction with at most five
 * statements, whatever the batch size: attendee lookup, guard insert, guard conflicts,
 * one statement for the conditional upsert, the stale marking and the outbox insert
 * (whose trigger notifies the print orchestrator), quarantine insert. Rows are written in
 * key order, so that concurrent batches lock in the same order and do not deadlock.
 */
@Component
class CheckInWriter {

	private static final String SELECT_ATTENDEES = """
			SELECT attendee_id, event_id FROM reconciler.attendees WHERE attendee_id = ANY(?)""";

	// Invariant 1: the durable guard, in the same transaction as the state change.
	private static final String INSERT_GUARD = """
			INSERT INTO reconciler.processed_entries
			  (idempotency_key, source_id, seq, attendee_id, fingerprint, outcome, reason)
			SELECT * FROM unnest(?::text[], ?::text[], ?::int8[], ?::text[], ?::text[], ?::text[], ?::text[])
			  AS t(k, s, q, a, f, o, r)
			ORDER BY k
			ON CONFLICT (idempotency_key) DO NOTHING
			RETURNING idempotency_key""";

	private static final String SELECT_GUARD = """
			SELECT idempotency_key, fingerprint FROM reconciler.processed_entries WHERE idempotency_key = ANY(?)""";

	// Invariant 4: one conditional upsert, no read-modify-write; the incoming record
	// wins only with a strictly greater (origin_rank, seq, source_id). Invariant 7: one
	// job per attendee credential, in the transaction of the first check-in; the table's
	// trigger enqueues the jobs for the relay and notifies the print orchestrator (V8).
	// One statement for the upsert, the stale marking and the jobs: from the upsert to
	// the commit a batch holds its attendees' rows, which other kiosks' batches wait
	// for, so the work after it is kept to this statement, the change log and the
	// commit. Data-modifying CTEs run once and to completion whether or not the query
	// reads them. The stale keys are one array, so that the guard is read by its key
	// index (an OR of two key sets scanned the whole table).
	private static final String APPLY_WINNERS = """
			WITH t AS (
			  SELECT * FROM unnest(?::text[], ?::int8[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
			    ?::bool[]) AS t(a, q, s, k, c, dn, co, printed_locally)
			), up AS (
			  INSERT INTO reconciler.check_ins AS c (attendee_id, event_id, origin_rank, seq, source_id,
			    idempotency_key, captured_at, kiosk_display_name, kiosk_company)
			  SELECT t.a, ?, 0, t.q, t.s, t.k, t.c::timestamptz, t.dn, t.co FROM t
			  ORDER BY t.a
			  ON CONFLICT (attendee_id) DO UPDATE SET origin_rank = EXCLUDED.origin_rank, seq = EXCLUDED.seq,
			    source_id = EXCLUDED.source_id, idempotency_key = EXCLUDED.idempotency_key,
			    captured_at = EXCLUDED.captured_at, kiosk_display_name = EXCLUDED.kiosk_display_name,
			    kiosk_company = EXCLUDED.kiosk_company, updated_at = now()
			  WHERE (EXCLUDED.origin_rank, EXCLUDED.seq, EXCLUDED.source_id) > (c.origin_rank, c.seq, c.source_id)
			  RETURNING c.attendee_id, (c.xmax = 0) AS inserted
			), stale AS (
			  UPDATE reconciler.processed_entries SET outcome = 'STALE'
			  WHERE idempotency_key = ANY(array_cat(?::text[],
			    ARRAY(SELECT t.k FROM t WHERE t.a NOT IN (SELECT attendee_id FROM up))))
			), jobs AS (
			  INSERT INTO reconciler.badge_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
			    reason)
			  SELECT gen_random_uuid(), a.attendee_id, a.event_id, a.credential_version, ?, 'CHECK_IN'
			  FROM up
			  JOIN t ON t.a = up.attendee_id
			  JOIN reconciler.attendees a ON a.attendee_id = up.attendee_id
			  WHERE up.inserted AND NOT t.printed_locally
			  ORDER BY a.attendee_id
			  ON CONFLICT (attendee_id, credential_version) DO NOTHING
			  RETURNING attendee_id, job_id
			)
			SELECT up.attendee_id, up.inserted, jobs.job_id::text FROM up
			LEFT JOIN jobs ON jobs.attendee_id = up.attendee_id""";

	private static final String INSERT_REJECTIONS = """
			INSERT INTO reconciler.rejections
			  (kiosk_id, event_id, printer_pool, idempotency_key, seq, fingerprint, reason, field, entry)
			SELECT ?, ?, ?, t.k, t.q, t.f, t.r, t.fld, t.e::jsonb
			FROM unnest(?::text[], ?::int8[], ?::text[], ?::text[], ?::text[], ?::text[]) AS t(k, q, f, r, fld, e)
			ON CONFLICT (idempotency_key, fingerprint) DO NOTHING""";

	private static final String UPDATE_GUARD = """
			UPDATE reconciler.processed_entries SET outcome = ?, reason = ?, attendee_id = ? WHERE idempotency_key = ?""";

	private final JdbcTemplate jdbc;

	private final ChangeLog changeLog;

	CheckInWriter(JdbcTemplate jdbc, ChangeLog changeLog) {
		this.jdbc = jdbc;
		this.changeLog = changeLog;
	}

	/**
	 * Judges and applies the entries of one batch; must run inside a transaction.
	 * @param request the batch's kiosk context
	 * @param toJudge the entries this request claimed (or that Redis could not answer
	 * for)
	 * @param reused entries already known as key reuse, by index, with the fingerprint
	 * their key is committed with: they are only quarantined
	 * @return a judgement per index of {@code toJudge} and {@code reused}
	 */
	Map<Integer, Judgement> write(ReconcileRequest request, List<BatchItem> toJudge, Map<BatchItem, String> reused) {
		Map<Integer, Judgement> judgements = new HashMap<>();
		List<BatchItem> candidates = new ArrayList<>();
		Map<String, String> eventOf = attendeeEvents(toJudge);
		for (BatchItem item : toJudge) {
			Judgement judged = judge(request, item, eventOf);
			judgements.put(item.index(), judged);
			if (judged.outcome() == Outcome.APPLIED) {
				candidates.add(item);
			}
		}
		Set<String> guarded = insertGuard(request, toJudge, judgements);
		List<BatchItem> quarantine = new ArrayList<>();
		resolveGuardConflicts(toJudge, guarded, judgements, quarantine);
		candidates.removeIf((item) -> !guarded.contains(item.key()));
		toJudge.stream()
			.filter((item) -> guarded.contains(item.key())
					&& judgements.get(item.index()).outcome() == Outcome.REJECTED)
			.forEach(quarantine::add);
		Map<String, Boolean> applied = applyWinners(request, candidates, judgements);
		reused.forEach((item, stored) -> {
			judgements.put(item.index(), Judgement.rejected(RejectionReason.KEY_REUSE_MISMATCH, null, stored));
			quarantine.add(item);
		});
		quarantine(request, quarantine, judgements);
		appendChanges(request, applied);
		return judgements;
	}

	/**
	 * Re-judges one quarantined entry now (after an import, say) and applies it when it
	 * passes; its guard row already exists, so it is updated instead of inserted. Must
	 * run inside a transaction.
	 * @param request the kiosk context the entry was rejected in
	 * @param item the entry, parsed
	 * @return the new judgement
	 */
	Judgement redrive(ReconcileRequest request, BatchItem item) {
		Map<Integer, Judgement> judgements = new HashMap<>();
		Judgement judged = judge(request, item, attendeeEvents(List.of(item)));
		judgements.put(item.index(), judged);
		if (judged.outcome() == Outcome.APPLIED) {
			appendChanges(request, applyWinners(request, new ArrayList<>(List.of(item)), judgements));
		}
		Judgement result = judgements.get(item.index());
		this.jdbc.update(UPDATE_GUARD, result.outcome().name(),
				(result.reason() != null) ? result.reason().name() : null, item.attendeeId(), item.key());
		return result;
	}

	private Map<String, String> attendeeEvents(List<BatchItem> items) {
		Set<String> ids = new HashSet<>();
		items.stream().filter((item) -> item.entry().isValid()).forEach((item) -> ids.add(item.attendeeId()));
		Map<String, String> eventOf = new HashMap<>();
		if (!ids.isEmpty()) {
			SqlArrays.query(this.jdbc, SELECT_ATTENDEES, (rs, n) -> eventOf.put(rs.getString(1), rs.getString(2)),
					text(ids));
		}
		return eventOf;
	}

	private static Judgement judge(ReconcileRequest request, BatchItem item, Map<String, String> eventOf) {
		if (!item.entry().isValid()) {
			return Judgement.rejected(item.entry().rejection(), item.entry().rejectionField(), item.fingerprint());
		}
		String event = eventOf.get(item.attendeeId());
		if (event == null) {
			return Judgement.rejected(RejectionReason.UNKNOWN_ATTENDEE, null, item.fingerprint());
		}
		if (!event.equals(request.eventId())) {
			return Judgement.rejected(RejectionReason.WRONG_EVENT, null, item.fingerprint());
		}
		return Judgement.of(Outcome.APPLIED, item.fingerprint());
	}

	private Set<String> insertGuard(ReconcileRequest request, List<BatchItem> items,
			Map<Integer, Judgement> judgements) {
		if (items.isEmpty()) {
			return Set.of();
		}
		List<String> keys = new ArrayList<>();
		List<String> sources = new ArrayList<>();
		List<Long> seqs = new ArrayList<>();
		List<String> attendees = new ArrayList<>();
		List<String> fingerprints = new ArrayList<>();
		List<String> outcomes = new ArrayList<>();
		List<String> reasons = new ArrayList<>();
		for (BatchItem item : items) {
			Judgement judged = judgements.get(item.index());
			keys.add(item.key());
			sources.add(request.kioskId());
			seqs.add(item.entry().seq());
			attendees.add(item.attendeeId());
			fingerprints.add(item.fingerprint());
			outcomes.add(judged.outcome().name());
			reasons.add((judged.reason() != null) ? judged.reason().name() : null);
		}
		return new HashSet<>(SqlArrays.query(this.jdbc, INSERT_GUARD, (rs, n) -> rs.getString(1), text(keys),
				text(sources), int8(seqs), text(attendees), text(fingerprints), text(outcomes), text(reasons)));
	}

	// Keys the guard already held: the same payload is a replay that Redis missed,
	// another payload is key reuse (invariant 3).
	private void resolveGuardConflicts(List<BatchItem> items, Set<String> guarded, Map<Integer, Judgement> judgements,
			List<BatchItem> quarantine) {
		List<BatchItem> conflicts = items.stream().filter((item) -> !guarded.contains(item.key())).toList();
		if (conflicts.isEmpty()) {
			return;
		}
		Map<String, String> stored = new HashMap<>();
		SqlArrays.query(this.jdbc, SELECT_GUARD, (rs, n) -> stored.put(rs.getString(1), rs.getString(2)),
				text(conflicts.stream().map(BatchItem::key).toList()));
		for (BatchItem item : conflicts) {
			String fingerprint = stored.get(item.key());
			if (item.fingerprint().equals(fingerprint)) {
				judgements.put(item.index(), Judgement.of(Outcome.DUPLICATE, fingerprint));
			}
			else {
				judgements.put(item.index(), Judgement.rejected(RejectionReason.KEY_REUSE_MISMATCH, null, fingerprint));
				quarantine.add(item);
			}
		}
	}

	// The stream lock is taken here, last, so that it is held only until the commit
	// (invariant 10).
	private void appendChanges(ReconcileRequest request, Map<String, Boolean> applied) {
		Map<String, ChangeKind> changes = new HashMap<>();
		applied.forEach(
				(attendee, inserted) -> changes.put(attendee, inserted ? ChangeKind.CHECKED_IN : ChangeKind.UPDATED));
		this.changeLog.append(request.eventId(), changes);
	}

	private Map<String, Boolean> applyWinners(ReconcileRequest request, List<BatchItem> candidates,
			Map<Integer, Judgement> judgements) {
		if (candidates.isEmpty()) {
			return Map.of();
		}
		Map<String, BatchItem> winners = new LinkedHashMap<>();
		Set<String> printedLocally = new HashSet<>();
		for (BatchItem item : candidates) {
			winners.merge(item.attendeeId(), item,
					(a, b) -> b.orderingKey(request.kioskId()).outranks(a.orderingKey(request.kioskId())) ? b : a);
			if (item.entry().entry().badgePrintedLocally()) {
				printedLocally.add(item.attendeeId());
			}
		}
		// an entry that loses to another of the batch is stale whatever the table holds;
		// a winner is stale when the table holds a higher record, which the statement
		// finds out
		List<String> losers = new ArrayList<>();
		for (BatchItem item : candidates) {
			if (winners.get(item.attendeeId()) != item) {
				losers.add(item.key());
			}
		}
		Map<String, Boolean> applied = new HashMap<>();
		Map<String, String> jobs = new HashMap<>();
		apply(request, winners.values(), printedLocally, losers, (rs, n) -> {
			applied.put(rs.getString(1), rs.getBoolean(2));
			if (rs.getString(3) != null) {
				jobs.put(rs.getString(1), rs.getString(3));
			}
			return null;
		});
		for (BatchItem item : candidates) {
			boolean won = winners.get(item.attendeeId()) == item && applied.containsKey(item.attendeeId());
			if (!won) {
				judgements.put(item.index(), Judgement.of(Outcome.STALE, item.fingerprint()));
			}
		}
		jobs.forEach((attendee, jobId) -> {
			BatchItem winner = winners.get(attendee);
			judgements.put(winner.index(), judgements.get(winner.index()).withBadgeJob(jobId));
		});
		return applied;
	}

	private void apply(ReconcileRequest request, java.util.Collection<BatchItem> winners, Set<String> printedLocally,
			List<String> losers, RowMapper<Void> rows) {
		List<BatchItem> sorted = winners.stream().sorted(Comparator.comparing(BatchItem::attendeeId)).toList();
		List<String> attendees = new ArrayList<>();
		List<Long> seqs = new ArrayList<>();
		List<String> sources = new ArrayList<>();
		List<String> keys = new ArrayList<>();
		List<String> captured = new ArrayList<>();
		List<String> names = new ArrayList<>();
		List<String> companies = new ArrayList<>();
		List<Boolean> local = new ArrayList<>();
		for (BatchItem item : sorted) {
			FlushEntry entry = item.entry().entry();
			OrderingKey key = item.orderingKey(request.kioskId());
			attendees.add(entry.attendeeId());
			seqs.add(key.seq());
			sources.add(key.sourceId());
			keys.add(item.key());
			captured.add(entry.capturedAt().toInstant().toString());
			names.add((entry.badge() != null) ? entry.badge().displayName() : null);
			companies.add((entry.badge() != null) ? entry.badge().company() : null);
			local.add(printedLocally.contains(entry.attendeeId()));
		}
		SqlArrays.query(this.jdbc, APPLY_WINNERS, rows, text(attendees), int8(seqs), text(sources), text(keys),
				text(captured), text(names), text(companies), bool(local), value(request.eventId()), text(losers),
				value(request.printerPool()));
	}

	private void quarantine(ReconcileRequest request, List<BatchItem> items, Map<Integer, Judgement> judgements) {
		if (items.isEmpty()) {
			return;
		}
		List<String> keys = new ArrayList<>();
		List<Long> seqs = new ArrayList<>();
		List<String> fingerprints = new ArrayList<>();
		List<String> reasons = new ArrayList<>();
		List<String> fields = new ArrayList<>();
		List<String> raw = new ArrayList<>();
		for (BatchItem item : items) {
			Judgement judged = judgements.get(item.index());
			keys.add(item.key());
			seqs.add(item.entry().seq());
			fingerprints.add(item.fingerprint());
			reasons.add(judged.reason().name());
			fields.add(judged.field());
			raw.add((item.entry().rawEntry() != null) ? item.entry().rawEntry() : "{}");
		}
		SqlArrays.update(this.jdbc, INSERT_REJECTIONS, value(request.kioskId()), value(request.eventId()),
				value(request.printerPool()), text(keys), int8(seqs), text(fingerprints), text(reasons), text(fields),
				text(raw));
	}

}
