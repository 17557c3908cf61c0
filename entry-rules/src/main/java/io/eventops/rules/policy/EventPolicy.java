package io.eventops.rules.policy;

import java.time.LocalDate;
import java.util.List;

/**
 * One version of an event's access-control policy, as ops save it. Construction only
 * normalizes absent lists; {@link PolicyCompiler} reports every invalid part.
 *
 * @param version the policy version entries are captured under (at least 1)
 * @param timeZone the IANA time zone every local day and time of the policy is read in
 * @param days the event's local days
 * @param ticketTypes the ticket types; the first is the type of attendees without one
 * @param areas the areas; exactly one prints the badge
 */
public record EventPolicy(long version, String timeZone, List<LocalDate> days, List<TicketType> ticketTypes,
		List<Area> areas) {

	public EventPolicy {
		days = Lists.copy(days);
		ticketTypes = Lists.copy(ticketTypes);
		areas = Lists.copy(areas);
	}

}
