package io.eventops.drills.herd;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The access-control policy of {@code drills herd --policy} (issue #35): three areas with
 * the re-entry policies that cost the server most to judge again (an entrance anyone may
 * pass again, a hall one may enter again only after leaving, a workshop room once a day
 * with a CEL rule), open all day around the herd's outage, so that what the herd measures
 * is the policy's cost, not refusals. The entrance is the badge desk (it never refuses):
 * the attendees admitted there get the badge jobs. Kiosks are spread over the areas in
 * turn.
 */
public final class HerdPolicy {

	public static final List<String> AREAS = List.of("entrance", "main-hall", "workshop");

	/** The area that prints badges. */
	static final String BADGE_AREA = "entrance";

	private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

	private HerdPolicy() {
	}

	/**
	 * The policy for a herd whose outage ends at {@code now}: its days are the local
	 * dates around it.
	 * @param now the end of the herd's outage
	 * @return the policy as JSON
	 */
	public static String json(OffsetDateTime now) {
		return json(now, 0);
	}

	/**
	 * The policy for a herd whose outage ends at {@code now}, its main hall with a
	 * capacity (issue #36): the hall's kiosks admit within their escrowed allowances and
	 * renew them after every flush round that drains their backlog, as kiosk agents do.
	 * @param now the end of the herd's outage
	 * @param hallCapacity the main hall's capacity, or 0 for none
	 * @return the policy as JSON
	 */
	public static String json(OffsetDateTime now, int hallCapacity) {
		if (hallCapacity < 0) {
			throw new IllegalArgumentException("a hall capacity is 0 (none) or more");
		}
		String capacity = (hallCapacity > 0) ? ", \"capacity\": " + hallCapacity : "";
		LocalDate today = now.atZoneSameInstant(ZONE).toLocalDate();
		String days = "\"" + today.minusDays(1) + "\", \"" + today + "\", \"" + today.plusDays(1) + "\"";
		return """
				{
				  "timeZone": "Europe/Berlin",
				  "days": [%s],
				  "ticketTypes": [
				    { "id": "full", "name": "Full pass", "validDays": [] },
				    { "id": "day", "name": "Day pass", "validDays": ["%s"] }
				  ],
				  "areas": [
				    { "areaId": "entrance", "name": "Entrance", "admits": ["full", "day"], "reentry": "ANY",
				      "printsBadge": true },
				    { "areaId": "main-hall", "name": "Main hall", "admits": ["full", "day"], "reentry": "AFTER_EXIT",
				      "minMinutesBetweenEntries": 1%s },
				    { "areaId": "workshop", "name": "Workshop", "admits": ["full"], "reentry": "ONCE_PER_DAY",
				      "rule": "ticketType == 'full' && (entriesHere == 0 || minutesSinceLastEntry >= 5)",
				      "ruleExplanation": "One seat per full pass, at least five minutes after the last entry." }
				  ]
				}
				""".formatted(days, today, capacity);
	}

	/**
	 * The area of each kiosk: the areas in turn.
	 * @param kioskIds the kiosks, in order
	 * @return area by kiosk id
	 */
	static Map<String, String> areasOf(List<String> kioskIds) {
		Map<String, String> areas = new LinkedHashMap<>();
		for (int i = 0; i < kioskIds.size(); i++) {
			areas.put(kioskIds.get(i), AREAS.get(i % AREAS.size()));
		}
		return areas;
	}

}
