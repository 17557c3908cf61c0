package io.eventops.rules.policy;

import java.time.LocalDate;
import java.util.List;

/**
 * One version of an event's access-control policy, as ops save it. Construction only
 * normalizes absent lists; {@link PolicyCompiler} reports every invalid part.
 *
 * @param version the policy version entries are captured under (at least 1); absent (0)
 * in a policy as ops send it, before the server numbers it
 * @param timeZone the IANA time zone every local day and time of the policy is read in
 * @param days the event's local days
 * @param ticketTypes the ticket types; the first is the type of attendees without one
 * @param areas the areas; exactly one prints the badge
 * @param personalDataRetentionDays how many days after the event's last day (in
 * {@code timeZone}) the attendees' personal data is kept before it is erased (issue #38),
 * 0 to 36500; {@code null}: kept until an admin erases it
 */
public record EventPolicy(Long version, String timeZone, List<LocalDate> days, List<TicketType> ticketTypes,
		List<Area> areas, Integer personalDataRetentionDays) {

	/** The largest retention: a hundred years. */
	public static final int MAX_RETENTION_DAYS = 36_500;

	/**
	 * Normalizes what JSON may leave out: lists to empty, the version to 0 (boxed, so
	 * that no mapper setting on absent primitives decides whether a policy reads).
	 */
	public EventPolicy {
		version = (version != null) ? version : 0L;
		days = Lists.copy(days);
		ticketTypes = Lists.copy(ticketTypes);
		areas = Lists.copy(areas);
	}

	/**
	 * A policy without a retention of personal data.
	 * @param version the version
	 * @param timeZone the time zone
	 * @param days the days
	 * @param ticketTypes the ticket types
	 * @param areas the areas
	 */
	public EventPolicy(Long version, String timeZone, List<LocalDate> days, List<TicketType> ticketTypes,
			List<Area> areas) {
		this(version, timeZone, days, ticketTypes, areas, null);
	}

	/**
	 * The same policy under another version, as the server numbers a saved one.
	 * @param version the new version
	 * @return the policy with that version
	 */
	public EventPolicy withVersion(long version) {
		return new EventPolicy(version, this.timeZone, this.days, this.ticketTypes, this.areas,
				this.personalDataRetentionDays);
	}

}
