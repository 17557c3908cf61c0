package io.eventops.rules.cel;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Map;
import java.util.Objects;

/**
 * What a rule knows about one admission attempt: the values of the CEL variables that
 * {@link RuleLanguage} declares. Counts are admissions that were not annulled, captured
 * before the attempt; local values are in the policy's time zone.
 *
 * @param ticketType the attendee's ticket type id
 * @param area the area's id
 * @param capturedAt the attempt's capture time
 * @param localDate its local date
 * @param weekday its local weekday
 * @param timeOfDay its local time of day
 * @param entriesToday admissions anywhere on the same local date
 * @param entryDays distinct local dates with an admission anywhere
 * @param entriesHere admissions to this area
 * @param entriesHereToday admissions to this area on the same local date
 * @param minutesSinceLastEntry whole minutes since the last admission anywhere, or -1
 * @param inside whether the attendee is inside this area
 */
public record RuleFacts(String ticketType, String area, Instant capturedAt, LocalDate localDate, DayOfWeek weekday,
		LocalTime timeOfDay, long entriesToday, long entryDays, long entriesHere, long entriesHereToday,
		long minutesSinceLastEntry, boolean inside) {

	public RuleFacts {
		Objects.requireNonNull(ticketType, "ticketType");
		Objects.requireNonNull(area, "area");
		Objects.requireNonNull(capturedAt, "capturedAt");
		Objects.requireNonNull(localDate, "localDate");
		Objects.requireNonNull(weekday, "weekday");
		Objects.requireNonNull(timeOfDay, "timeOfDay");
	}

	/**
	 * The variables as CEL reads them. Written without {@code String.format} or a
	 * formatter, which would use the default locale's digits.
	 * @return the variable values by name
	 */
	Map<String, Object> variables() {
		return Map.ofEntries(Map.entry(RuleLanguage.TICKET_TYPE, this.ticketType),
				Map.entry(RuleLanguage.AREA, this.area), Map.entry(RuleLanguage.CAPTURED_AT, this.capturedAt),
				Map.entry(RuleLanguage.LOCAL_DATE, this.localDate.toString()),
				Map.entry(RuleLanguage.WEEKDAY, this.weekday.name()),
				Map.entry(RuleLanguage.TIME_OF_DAY,
						twoDigits(this.timeOfDay.getHour()) + ":" + twoDigits(this.timeOfDay.getMinute())),
				Map.entry(RuleLanguage.MINUTE_OF_DAY,
						(long) (this.timeOfDay.getHour() * 60 + this.timeOfDay.getMinute())),
				Map.entry(RuleLanguage.ENTRIES_TODAY, this.entriesToday),
				Map.entry(RuleLanguage.ENTRY_DAYS, this.entryDays),
				Map.entry(RuleLanguage.ENTRIES_HERE, this.entriesHere),
				Map.entry(RuleLanguage.ENTRIES_HERE_TODAY, this.entriesHereToday),
				Map.entry(RuleLanguage.MINUTES_SINCE_LAST_ENTRY, this.minutesSinceLastEntry),
				Map.entry(RuleLanguage.INSIDE, this.inside));
	}

	private static String twoDigits(int value) {
		return (value < 10) ? "0" + value : Integer.toString(value);
	}

}
