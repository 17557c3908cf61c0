package io.eventops.rules.policy;

import java.time.LocalTime;
import java.util.List;

/**
 * A door, hall or session room with its own admission rules (pretix's check-in list).
 *
 * @param areaId the id kiosks are provisioned for
 * @param name what ops and the screen call it
 * @param admits ids of the ticket types admitted here
 * @param open opening windows; empty means open at any time of the event's days
 * @param toleranceMinutes how far before and after a window an admission is still in it
 * (early doors, a kiosk clock a few minutes off)
 * @param reentry when an admitted attendee may be admitted again
 * @param minMinutesBetweenEntries the least time between two admissions here; 0 for none
 * @param printsBadge an admission here creates the badge job (the badge desk)
 * @param rule an optional CEL expression that must be {@code true} to admit
 * @param ruleExplanation what a refusal by the rule says; the rule's text when absent
 * @param capacity the most attendees inside at once, or {@code null} for no limit
 * @param exitAllAt the local time every day at which everyone inside counts as gone, or
 * {@code null}
 */
public record Area(String areaId, String name, List<String> admits, List<OpenWindow> open, Integer toleranceMinutes,
		Reentry reentry, Integer minMinutesBetweenEntries, Boolean printsBadge, String rule, String ruleExplanation,
		Integer capacity, LocalTime exitAllAt) {

	/**
	 * Normalizes what JSON may leave out: lists to empty, the tolerance and the gap to 0,
	 * {@code printsBadge} to {@code false} (boxed, so that no mapper setting on absent
	 * primitives decides whether a policy reads).
	 */
	public Area {
		admits = Lists.copy(admits);
		open = Lists.copy(open);
		toleranceMinutes = (toleranceMinutes != null) ? toleranceMinutes : 0;
		minMinutesBetweenEntries = (minMinutesBetweenEntries != null) ? minMinutesBetweenEntries : 0;
		printsBadge = (printsBadge != null) ? printsBadge : Boolean.FALSE;
	}

}
