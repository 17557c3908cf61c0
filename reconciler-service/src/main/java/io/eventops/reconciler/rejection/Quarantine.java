package io.eventops.reconciler.rejection;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.KioskDecision;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.checkin.Redrive;
import io.eventops.reconciler.web.DomainException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Lists quarantined entries and re-drives them. A re-drive decides the entry again as it
 * stands now: {@code UNKNOWN_ATTENDEE} and {@code WRONG_EVENT} pass after the registry
 * was fixed, a {@code STALE_REPLAY} is applied on ops' word, while key reuse and schema
 * violations stay rejected.
 */
@Service
class Quarantine {

	private final JdbcTemplate jdbc;

	private final JsonMapper json;

	private final Redrive redrive;

	Quarantine(JdbcTemplate jdbc, JsonMapper json, Redrive redrive) {
		this.jdbc = jdbc;
		this.json = json;
		this.redrive = redrive;
	}

	List<RejectionView> list(String kioskId, String reason, String attendeeId) {
		StringBuilder sql = new StringBuilder("""
				SELECT id, kiosk_id, idempotency_key, reason, field, entry::text, rejected_at, redriven_at,
				  redrive_outcome FROM reconciler.rejections WHERE true""");
		List<Object> args = new ArrayList<>();
		if (kioskId != null && !kioskId.isBlank()) {
			sql.append(" AND kiosk_id = ?");
			args.add(kioskId);
		}
		if (reason != null && !reason.isBlank()) {
			sql.append(" AND reason = ?");
			args.add(reason);
		}
		if (attendeeId != null && !attendeeId.isBlank()) {
			// the entry as received names the attendee (kept by an erasure's scrub too)
			sql.append(" AND entry ->> 'attendeeId' = ?");
			args.add(attendeeId);
		}
		sql.append(" ORDER BY id LIMIT 1000");
		return this.jdbc.query(sql.toString(), this::view, args.toArray());
	}

	@Transactional
	EntryResult redrive(long id) {
		List<Row> rows = this.jdbc.query("""
				SELECT kiosk_id, event_id, printer_pool, idempotency_key, seq, reason, field, entry::text,
				  redrive_outcome FROM reconciler.rejections WHERE id = ? FOR UPDATE""",
				(rs, n) -> new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5),
						RejectionReason.valueOf(rs.getString(6)), rs.getString(7), rs.getString(8), rs.getString(9)),
				id);
		Row row = rows.stream().findFirst().orElseThrow(() -> DomainException.notFound("Rejection", Long.toString(id)));
		EntryResult result = decide(row);
		this.jdbc.update("""
				UPDATE reconciler.rejections SET redriven_at = now(), redrive_outcome = ?, redrive_reason = ?
				WHERE id = ?""", result.outcome().name(), (result.reason() != null) ? result.reason().name() : null,
				id);
		return result;
	}

	private EntryResult decide(Row row) {
		if (Outcome.APPLIED.name().equals(row.previousOutcome())) {
			return EntryResult.of(row.seq(), row.key(), Outcome.DUPLICATE, List.of());
		}
		if (row.reason() == RejectionReason.KEY_REUSE_MISMATCH || row.reason() == RejectionReason.INVALID_ENTRY) {
			return EntryResult.rejected(row.seq(), row.key(), row.reason(), row.field(), List.of());
		}
		FlushEntry entry;
		try {
			entry = parse(row.entry());
		}
		catch (RuntimeException ex) {
			// JacksonException, a missing field, an unknown type or a malformed time
			// alike
			return EntryResult.rejected(row.seq(), row.key(), RejectionReason.INVALID_ENTRY, null, List.of());
		}
		ReconcileRequest request = new ReconcileRequest(row.kioskId(), row.eventId(), row.printerPool(),
				List.of(ReconcileEntry.valid(entry, row.entry(), List.of())));
		return this.redrive.redrive(request);
	}

	// The raw entry as the kiosk sent it: optional fields may be absent
	// (badgePrintedLocally
	// defaults to false, badge to none), exactly as the edge read it.
	private FlushEntry parse(String raw) {
		JsonNode node = this.json.readTree(raw);
		JsonNode badge = node.get("badge");
		BadgeOverrides overrides = (badge != null && badge.isObject())
				? new BadgeOverrides(text(badge, "displayName"), text(badge, "company")) : null;
		JsonNode printed = node.get("badgePrintedLocally");
		// the fields of access control too (#35, #36): a re-driven annulment without
		// the key it annuls, or an admission without its area, would be another entry
		JsonNode version = node.get("policyVersion");
		JsonNode decided = node.get("kioskDecision");
		KioskDecision decision = null;
		if (decided != null && decided.isObject()) {
			decision = "REFUSE".equals(text(decided, "decision")) ? KioskDecision.refuse(text(decided, "reason"))
					: KioskDecision.admit();
		}
		return new FlushEntry(node.get("seq").asLong(), text(node, "idempotencyKey"),
				EntryType.valueOf(text(node, "type")), text(node, "attendeeId"),
				OffsetDateTime.parse(text(node, "capturedAt")), OffsetDateTime.parse(text(node, "queuedAt")),
				printed != null && printed.asBoolean(), overrides, text(node, "areaId"),
				(version != null && version.isIntegralNumber()) ? version.asLong() : null, decision,
				text(node, "annuls"));
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return (value == null || value.isNull()) ? null : value.asString();
	}

	private RejectionView view(ResultSet rs, int n) throws SQLException {
		Timestamp redriven = rs.getTimestamp(8);
		return new RejectionView(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
				this.json.readTree(rs.getString(6)), rs.getTimestamp(7).toInstant(),
				(redriven != null) ? redriven.toInstant() : null, rs.getString(9));
	}

	private record Row(String kioskId, String eventId, String printerPool, String key, long seq, RejectionReason reason,
			String field, String entry, String previousOutcome) {
	}

}
