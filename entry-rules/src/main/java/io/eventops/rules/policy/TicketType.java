package io.eventops.rules.policy;

import java.time.LocalDate;
import java.util.List;

/**
 * A kind of ticket the event sells (a day pass, a full pass, a workshop seat).
 *
 * @param id the id attendees carry as their {@code ticketType}
 * @param name what ops and the screen call it
 * @param validDays the local days it is valid on; empty means every day of the event
 */
public record TicketType(String id, String name, List<LocalDate> validDays) {

	public TicketType {
		validDays = Lists.copy(validDays);
	}

}
