package io.eventops.reconciler.correction;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.checkin.ServerEntries;
import io.eventops.reconciler.config.ReconcilerProperties;
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Annuls an attendee's current admission on ops' word (#36), in one transaction: the
 * annulment is an {@code ANNUL} entry of the server's own source ({@code desk:annul}, a
 * server-issued seq), applied through the batch path's statements like every entry
 * (invariant 1), so it counts exactly as a kiosk's would. The client's idempotency key is
 * kept with what it annulled: the same request again answers the same and changes
 * nothing.
 */
@Service
class DeskAnnulments {

	/** The source of ops' annulments; with its colon it can never be a kiosk id. */
	static final String SOURCE = "desk:annul";

	private static final String CLAIM_REQUEST = """
			INSERT INTO reconciler.desk_annulments (request_key, attendee_id, reason) VALUES (?, ?, ?)
			ON CONFLICT (request_key) DO NOTHING""";

	private static final String STORED = """
			SELECT request_key, attendee_id, annulled_key, annulment_key, reason, created_at
			FROM reconciler.desk_annulments WHERE request_key = ?""";

	// the current admission: the latest one by capture time (then key, as the movements
	// are ordered) that no annulment undid
	private static final String CURRENT_ADMISSION = """
			SELECT m.idempotency_key FROM reconciler.movements m
			WHERE m.attendee_id = ? AND m.type = 'CHECK_IN'
			  AND NOT EXISTS (SELECT 1 FROM reconciler.movements n
			    WHERE n.attendee_id = m.attendee_id AND n.type = 'ANNUL' AND n.annuls = m.idempotency_key)
			ORDER BY m.captured_at DESC, m.idempotency_key COLLATE "C" DESC
			LIMIT 1""";

	private final JdbcTemplate jdbc;

	private final ServerEntries entries;

	private final JsonMapper json;

	private final Clock clock;

	private final String deskPool;

	DeskAnnulments(JdbcTemplate jdbc, ServerEntries entries, JsonMapper json, Clock clock,
			ReconcilerProperties properties) {
		this.jdbc = jdbc;
		this.entries = entries;
		this.json = json;
		this.clock = clock;
		this.deskPool = properties.deskPrinterPool();
	}

	@Transactional
	Annulment annul(String attendeeId, AnnulRequest request) {
		// one annulment of an attendee at a time: the second sees what the first undid.
		// NO KEY UPDATE leaves the kiosks' check-ins of the attendee (their foreign key
		// checks) unblocked.
		List<String> events = this.jdbc.queryForList(
				"SELECT event_id FROM reconciler.attendees WHERE attendee_id = ? FOR NO KEY UPDATE", String.class,
				attendeeId);
		if (events.isEmpty()) {
			throw DomainException.notFound("Attendee", attendeeId);
		}
		// the key's row first: a concurrent request with the same key waits for this one
		// to commit, and then finds what it did
		if (this.jdbc.update(CLAIM_REQUEST, request.idempotencyKey(), attendeeId, request.reason()) == 0) {
			return replay(attendeeId, request);
		}
		List<String> current = this.jdbc.queryForList(CURRENT_ADMISSION, String.class, attendeeId);
		if (current.isEmpty()) {
			// rolls the key's row back: the same request once an admission is recorded
			// annuls it
			throw DomainException.conflict(ReconcilerProblem.NOTHING_TO_ANNUL, "Attendee '" + attendeeId
					+ "' has no admission to annul (none recorded, all annulled, or the event has no policy).");
		}
		long seq = this.jdbc.queryForObject("SELECT nextval('reconciler.desk_seq')", Long.class);
		String key = FlushEntry.keyOf(SOURCE, seq);
		// recorded before the entry is applied: the batch path's change log, which takes
		// the event's stream lock until commit, stays the last statement (invariant 10)
		this.jdbc.update("""
				UPDATE reconciler.desk_annulments SET annulment_key = ?, annulled_key = ? WHERE request_key = ?""", key,
				current.get(0), request.idempotencyKey());
		Annulment annulment = stored(request.idempotencyKey());
		OffsetDateTime now = OffsetDateTime.now(this.clock).withOffsetSameInstant(ZoneOffset.UTC);
		FlushEntry entry = new FlushEntry(seq, key, EntryType.ANNUL, attendeeId, now, now, false, null, null, null,
				null, current.get(0));
		EntryResult result = this.entries.apply(new ReconcileRequest(SOURCE, events.get(0), this.deskPool,
				List.of(ReconcileEntry.valid(entry, raw(entry), List.of()))));
		if (result.outcome() != Outcome.APPLIED) {
			// the admission was read under the attendee's lock in this transaction: the
			// annulment of it cannot be refused; a refusal rolls everything back
			throw new IllegalStateException("annulment " + result.idempotencyKey() + " of " + current.get(0) + " was "
					+ result.outcome() + " " + result.reason());
		}
		return annulment;
	}

	// The same key again: the same answer, if it is the same request; another request
	// under a used key is refused (invariant 3's rule, for ops' keys).
	private Annulment replay(String attendeeId, AnnulRequest request) {
		Annulment stored = stored(request.idempotencyKey());
		if (!stored.attendeeId().equals(attendeeId) || !stored.reason().equals(request.reason())) {
			throw DomainException.conflict(ReconcilerProblem.IDEMPOTENCY_KEY_REUSED, "Idempotency key '"
					+ request.idempotencyKey() + "' was used for another annulment; nothing was changed.");
		}
		return stored;
	}

	private Annulment stored(String requestKey) {
		return this.jdbc.queryForObject(STORED, (rs, n) -> new Annulment(rs.getString(1), rs.getString(2),
				rs.getString(3), rs.getString(4), rs.getString(5), rs.getTimestamp(6).toInstant()), requestKey);
	}

	// the entry as a kiosk would send it, for the quarantine should it ever be rejected
	private String raw(FlushEntry entry) {
		Map<String, Object> raw = new LinkedHashMap<>();
		raw.put("seq", entry.seq());
		raw.put("idempotencyKey", entry.idempotencyKey());
		raw.put("type", entry.type().name());
		raw.put("attendeeId", entry.attendeeId());
		raw.put("capturedAt", entry.capturedAt().toString());
		raw.put("queuedAt", entry.queuedAt().toString());
		raw.put("annuls", entry.annuls());
		return this.json.writeValueAsString(raw);
	}

}
