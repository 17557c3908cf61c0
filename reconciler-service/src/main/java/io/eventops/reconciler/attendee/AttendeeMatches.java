package io.eventops.reconciler.attendee;

import java.util.List;

/**
 * The answer of a search for attendees: a bounded list.
 *
 * @param query the query as searched (trimmed)
 * @param attendees the matches, exact ids and express codes first, then by name
 * @param more whether there are more matches than listed (narrow the query)
 */
record AttendeeMatches(String query, List<Match> attendees, boolean more) {

	/**
	 * One attendee found.
	 *
	 * @param attendeeId the attendee
	 * @param displayName the effective name (registry, kiosk override, desk correction);
	 * empty once erased
	 * @param company the effective company, or absent
	 * @param checkedIn whether a check-in holds
	 * @param erased whether the attendee's personal data was erased (#38)
	 */
	record Match(String attendeeId, String displayName, String company, boolean checkedIn, boolean erased) {
	}

}
