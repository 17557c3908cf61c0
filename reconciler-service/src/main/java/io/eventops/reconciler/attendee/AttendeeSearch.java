package io.eventops.reconciler.attendee;

import java.util.List;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Finds the attendees of an event by name, company or e-mail (a part of them, whatever
 * the accents and the case), by attendee id or by express code, for ops at the help desk
 * (#41).
 */
@Component
class AttendeeSearch {

	static final int MIN_QUERY = 2;

	static final int MAX_QUERY = 100;

	static final int MAX_LIMIT = 50;

	static final int DEFAULT_LIMIT = 20;

	// The names are matched in the generated search columns (V26), the query normalised
	// by
	// the same search_key; an erased attendee's columns are empty (#38), so an old name
	// finds nothing while the id still finds the (erased) attendee. Exact id or code
	// first.
	private static final String SEARCH = """
			WITH q AS (SELECT ? AS text, '%' || reconciler.search_key(?) || '%' AS pattern),
			coded AS (SELECT unnest(x.attendee_ids) AS attendee_id FROM reconciler.express_codes x
			  WHERE x.event_id = ? AND x.code = upper(?))
			SELECT a.attendee_id,
			  coalesce(c.desk_display_name, c.kiosk_display_name, a.display_name) AS display_name,
			  coalesce(c.desk_company, c.kiosk_company, a.company) AS company,
			  c.attendee_id IS NOT NULL AS checked_in, a.erased_at IS NOT NULL AS erased,
			  (a.attendee_id = q.text OR a.attendee_id IN (SELECT attendee_id FROM coded)) AS exact
			FROM q, reconciler.attendees a LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
			WHERE a.event_id = ? AND (a.attendee_id = q.text OR a.attendee_id IN (SELECT attendee_id FROM coded)
			  OR a.search_text LIKE q.pattern ESCAPE '\\' OR c.search_text LIKE q.pattern ESCAPE '\\')
			ORDER BY exact DESC, display_name, a.attendee_id
			LIMIT ?""";

	private final JdbcTemplate jdbc;

	AttendeeSearch(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The attendees of an event that match a query.
	 * @param eventId the event
	 * @param query a part of a name, company or e-mail, an attendee id or an express code
	 * @param limit how many at most, 1 to {@value #MAX_LIMIT}
	 * @return the matches, exact ids and codes first, then by name
	 */
	AttendeeMatches search(String eventId, String query, int limit) {
		if (!AttendeeRegistry.EVENT_ID.matcher(eventId).matches()) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_EVENT,
					"eventId must be 1–64 characters of [A-Za-z0-9_.-].");
		}
		String text = (query != null) ? query.strip() : "";
		int length = text.codePointCount(0, text.length());
		if (length < MIN_QUERY || length > MAX_QUERY) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_QUERY,
					"q must be " + MIN_QUERY + " to " + MAX_QUERY + " characters.");
		}
		if (limit < 1 || limit > MAX_LIMIT) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_QUERY, "limit must be 1 to " + MAX_LIMIT + ".");
		}
		Integer events = this.jdbc.queryForObject("SELECT count(*) FROM reconciler.events WHERE event_id = ?",
				Integer.class, eventId);
		if (events == null || events == 0) {
			throw DomainException.notFound("Event", eventId);
		}
		List<AttendeeMatches.Match> found = this.jdbc.query(SEARCH,
				(rs, n) -> new AttendeeMatches.Match(rs.getString(1), rs.getString(2), rs.getString(3),
						rs.getBoolean(4), rs.getBoolean(5)),
				text, likeLiteral(text), eventId, text, eventId, limit + 1);
		boolean more = found.size() > limit;
		return new AttendeeMatches(text, more ? found.subList(0, limit) : found, more);
	}

	// what the person typed, never a pattern of their own
	static String likeLiteral(String text) {
		return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
	}

}
