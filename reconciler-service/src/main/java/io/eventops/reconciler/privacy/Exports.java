package io.eventops.reconciler.privacy;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * Exports personal data (issue #38): an event's attendees with their check-ins, areas,
 * times, kiosks and outcomes, streamed from a PostgreSQL cursor (a fetch size in a
 * read-only repeatable-read transaction of its own) straight to the response, so that the
 * memory an export takes does not grow with the event; and one person's data as one JSON
 * document, for a subject access request.
 */
@Service
class Exports {

	/** Rows the cursor fetches at a time. */
	static final int FETCH_SIZE = 500;

	/** Marks the export's statements in {@code pg_stat_activity}. */
	static final String MARK = "/* eventops:export */";

	private static final String MOVEMENTS = """
			coalesce((SELECT jsonb_agg(jsonb_build_object('key', m.idempotency_key, 'type', m.type, 'areaId', m.area_id,
			    'kioskId', m.kiosk_id, 'capturedAt', m.captured_at, 'recordedAt', m.recorded_at,
			    'kioskDecision', m.kiosk_decision, 'kioskReason', m.kiosk_reason, 'serverVerdict', m.server_verdict,
			    'serverReason', m.server_reason, 'againstRules', m.against_rules, 'annuls', m.annuls)
			    ORDER BY m.captured_at, m.idempotency_key)
			  FROM reconciler.movements m WHERE m.attendee_id = a.attendee_id), '[]'::jsonb)""";

	private static final String ENTRIES = """
			coalesce((SELECT jsonb_agg(jsonb_build_object('key', p.idempotency_key, 'source', p.source_id, 'seq', p.seq,
			    'outcome', p.outcome, 'reason', p.reason, 'receivedAt', p.received_at) ORDER BY p.received_at, p.idempotency_key)
			  FROM reconciler.processed_entries p WHERE p.attendee_id = a.attendee_id), '[]'::jsonb)""";

	private static final String ATTENDEE = """
			jsonb_build_object('attendeeId', a.attendee_id, 'eventId', a.event_id, 'displayName', a.display_name,
			  'company', a.company, 'tier', a.tier, 'email', a.email, 'ticketType', a.ticket_type,
			  'credentialVersion', a.credential_version, 'registeredAt', a.created_at, 'updatedAt', a.updated_at,
			  'erasedAt', a.erased_at,
			  'checkIn', CASE WHEN c.attendee_id IS NOT NULL THEN jsonb_build_object('by', c.source_id,
			    'key', c.idempotency_key, 'capturedAt', c.captured_at, 'firstCheckedInAt', c.first_checked_in_at,
			    'kioskDisplayName', c.kiosk_display_name, 'kioskCompany', c.kiosk_company,
			    'deskDisplayName', c.desk_display_name, 'deskCompany', c.desk_company, 'deskTier', c.desk_tier) END,
			  'movements', %s,
			  'entries', %s)""".formatted(MOVEMENTS, ENTRIES);

	private static final String EVENT_JSON = MARK + "\nSELECT " + ATTENDEE + """
			::text FROM reconciler.attendees a LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
			WHERE a.event_id = ? ORDER BY a.attendee_id""";

	private static final String EVENT_CSV = MARK + """

			SELECT a.attendee_id, a.display_name, a.company, a.email, a.tier, a.ticket_type,
			  to_json(a.erased_at) #>> '{}', (c.attendee_id IS NOT NULL)::text, c.source_id,
			  to_json(c.captured_at) #>> '{}', m.idempotency_key, m.type, m.area_id, m.kiosk_id,
			  to_json(m.captured_at) #>> '{}', m.kiosk_decision, m.kiosk_reason, m.server_verdict, m.server_reason,
			  m.against_rules::text, m.annuls
			FROM reconciler.attendees a
			LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
			LEFT JOIN reconciler.movements m ON m.attendee_id = a.attendee_id
			WHERE a.event_id = ?
			ORDER BY a.attendee_id, m.captured_at, m.idempotency_key COLLATE "C\"""";

	static final List<String> CSV_HEADER = List.of("attendeeId", "displayName", "company", "email", "tier",
			"ticketType", "erasedAt", "checkedIn", "checkedInBy", "checkedInAt", "movementKey", "movementType",
			"areaId", "kioskId", "capturedAt", "kioskDecision", "kioskReason", "serverVerdict", "serverReason",
			"againstRules", "annuls");

	private static final String PERSON = "SELECT (" + ATTENDEE + """
			 || jsonb_build_object(
			  'badgeJobs', coalesce((SELECT jsonb_agg(jsonb_build_object('jobId', j.job_id,
			      'credentialVersion', j.credential_version, 'printerPool', j.printer_pool, 'reason', j.reason,
			      'reprintReason', j.reprint_reason, 'createdAt', j.created_at, 'annulledAt', j.annulled_at)
			      ORDER BY j.credential_version)
			    FROM reconciler.badge_jobs j WHERE j.attendee_id = a.attendee_id), '[]'::jsonb),
			  'annulments', coalesce((SELECT jsonb_agg(jsonb_build_object('requestKey', d.request_key,
			      'reason', d.reason, 'annulledKey', d.annulled_key, 'annulmentKey', d.annulment_key,
			      'createdAt', d.created_at) ORDER BY d.created_at)
			    FROM reconciler.desk_annulments d WHERE d.attendee_id = a.attendee_id), '[]'::jsonb),
			  'rejections', coalesce((SELECT jsonb_agg(jsonb_build_object('id', r.id, 'kioskId', r.kiosk_id,
			      'eventId', r.event_id, 'reason', r.reason, 'field', r.field, 'entry', r.entry,
			      'rejectedAt', r.rejected_at, 'redriveOutcome', r.redrive_outcome) ORDER BY r.id)
			    FROM reconciler.rejections r WHERE r.entry ->> 'attendeeId' = a.attendee_id), '[]'::jsonb),
			  'erasures', coalesce((SELECT jsonb_agg(jsonb_build_object('scope', e.scope, 'reason', e.reason,
			      'erasedBy', e.erased_by, 'erasedAt', e.erased_at) ORDER BY e.id)
			    FROM reconciler.erasures e WHERE e.attendee_id = a.attendee_id
			      OR (e.attendee_id IS NULL AND e.event_id = a.event_id)), '[]'::jsonb)))::text
			FROM reconciler.attendees a LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
			WHERE a.attendee_id = ?""";

	private final DataSource dataSource;

	private final JdbcTemplate jdbc;

	Exports(DataSource dataSource, JdbcTemplate jdbc) {
		this.dataSource = dataSource;
		this.jdbc = jdbc;
	}

	boolean eventExists(String eventId) {
		return !this.jdbc.queryForList("SELECT 1 FROM reconciler.events WHERE event_id = ?", eventId).isEmpty();
	}

	Optional<String> person(String attendeeId) {
		return this.jdbc.queryForList(PERSON, String.class, attendeeId).stream().findFirst();
	}

	/**
	 * Writes an event's attendees as a JSON array, one attendee a line.
	 * @param eventId the event
	 * @param out the response
	 * @throws IOException when the client went away
	 */
	void writeJson(String eventId, OutputStream out) throws IOException {
		Writer writer = writer(out);
		writer.write("[");
		boolean[] first = { true };
		stream(EVENT_JSON, eventId, (rs) -> {
			writer.write(first[0] ? "\n" : ",\n");
			first[0] = false;
			writer.write(rs.getString(1));
		});
		writer.write("\n]\n");
		writer.flush();
	}

	/**
	 * Writes an event's attendees as CSV (RFC 4180), one row per movement (one for an
	 * attendee without any).
	 * @param eventId the event
	 * @param out the response
	 * @throws IOException when the client went away
	 */
	void writeCsv(String eventId, OutputStream out) throws IOException {
		Writer writer = writer(out);
		writeRow(writer, CSV_HEADER.toArray(new String[0]));
		int columns = CSV_HEADER.size();
		stream(EVENT_CSV, eventId, (rs) -> {
			String[] row = new String[columns];
			for (int i = 0; i < columns; i++) {
				row[i] = rs.getString(i + 1);
			}
			writeRow(writer, row);
		});
		writer.flush();
	}

	private static Writer writer(OutputStream out) {
		return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
	}

	private void stream(String sql, String eventId, RowWriter rows) throws IOException {
		try (Connection connection = this.dataSource.getConnection()) {
			connection.setAutoCommit(false);
			try {
				// one consistent copy; a cursor holds rows in PostgreSQL, not here
				connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
				connection.setReadOnly(true);
				try (PreparedStatement statement = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY,
						ResultSet.CONCUR_READ_ONLY)) {
					statement.setFetchSize(FETCH_SIZE);
					statement.setString(1, eventId);
					try (ResultSet rs = statement.executeQuery()) {
						while (rs.next()) {
							rows.write(rs);
						}
					}
				}
			}
			finally {
				connection.rollback();
				connection.setReadOnly(false);
				connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
				connection.setAutoCommit(true);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("export of event " + eventId + " failed", ex);
		}
		catch (UncheckedIOException ex) {
			throw ex.getCause();
		}
	}

	// RFC 4180, and a cell that a spreadsheet would read as a formula starts with '
	static void writeRow(Writer writer, String[] cells) throws IOException {
		for (int i = 0; i < cells.length; i++) {
			if (i > 0) {
				writer.write(',');
			}
			String cell = cells[i];
			if (cell == null) {
				continue;
			}
			if (!cell.isEmpty() && "=+-@\t\r".indexOf(cell.charAt(0)) >= 0) {
				cell = "'" + cell;
			}
			if (cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0
					|| cell.indexOf('\r') >= 0) {
				writer.write('"');
				writer.write(cell.replace("\"", "\"\""));
				writer.write('"');
			}
			else {
				writer.write(cell);
			}
		}
		writer.write("\r\n");
	}

	@FunctionalInterface
	private interface RowWriter {

		void write(ResultSet rs) throws SQLException, IOException;

	}

}
