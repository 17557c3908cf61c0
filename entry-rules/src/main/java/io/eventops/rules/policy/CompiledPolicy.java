package io.eventops.rules.policy;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A valid policy ready for decisions: its zone resolved, its ticket types and areas by
 * id, every rule compiled once. Immutable, so a replica may cache it keyed by
 * {@link #version()}.
 */
public final class CompiledPolicy {

	private final EventPolicy policy;

	private final ZoneId zone;

	private final Set<LocalDate> days;

	private final Map<String, TicketType> ticketTypes;

	private final Map<String, CompiledArea> areas;

	CompiledPolicy(EventPolicy policy, ZoneId zone, List<CompiledArea> areas) {
		this.policy = policy;
		this.zone = zone;
		this.days = Collections.unmodifiableSet(new TreeSet<>(policy.days()));
		Map<String, TicketType> types = new LinkedHashMap<>();
		policy.ticketTypes().forEach((type) -> types.put(type.id(), type));
		this.ticketTypes = Collections.unmodifiableMap(types);
		Map<String, CompiledArea> byId = new LinkedHashMap<>();
		areas.forEach((area) -> byId.put(area.areaId(), area));
		this.areas = Collections.unmodifiableMap(byId);
	}

	public EventPolicy policy() {
		return this.policy;
	}

	public long version() {
		return this.policy.version();
	}

	public ZoneId zone() {
		return this.zone;
	}

	public Set<LocalDate> days() {
		return this.days;
	}

	public Optional<CompiledArea> area(String areaId) {
		return Optional.ofNullable(this.areas.get(areaId));
	}

	public Optional<TicketType> ticketType(String ticketTypeId) {
		return Optional.ofNullable(this.ticketTypes.get(ticketTypeId));
	}

	/**
	 * The type of attendees imported without one: the policy's first.
	 * @return the default ticket type
	 */
	public TicketType defaultTicketType() {
		return this.policy.ticketTypes().get(0);
	}

	/**
	 * The local days a ticket type is valid on.
	 * @param type a ticket type of this policy
	 * @return its valid days, or every day of the event when it names none
	 */
	public Set<LocalDate> validDays(TicketType type) {
		return type.validDays().isEmpty() ? this.days : Set.copyOf(type.validDays());
	}

	/**
	 * The area whose admissions create the badge job.
	 * @return the badge desk
	 */
	public CompiledArea badgeArea() {
		return this.areas.values().stream().filter((area) -> area.area().printsBadge()).findFirst().orElseThrow();
	}

}
